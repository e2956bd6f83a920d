export { inboxPlugin } from './inbox.plugin.js';
export { inboxRoutes } from './inbox.routes.js';
export { deliverMessage } from './inbox.service.js';
export type { MessageNotifier } from './inbox.service.js';
