export { emailPlugin } from './email.plugin.js';
export { countOutboxByStatus, listOutbox } from './email.repository.js';
export type { Mailer } from './email.service.js';
