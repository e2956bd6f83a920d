export { emailPlugin } from './email.plugin.js';
export { listOutbox } from './email.repository.js';
export type { Mailer } from './email.service.js';
