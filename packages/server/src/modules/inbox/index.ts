export { inboxNotifierOf } from './inbox-notifier.js';
export { inboxRoutes } from './inbox.routes.js';
export { deliverMessage } from './inbox.service.js';
export type { MessageNotifier } from './inbox.service.js';
