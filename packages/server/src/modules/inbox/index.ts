export { inboxPlugin } from './inbox.plugin.js';
export { inboxRoutes } from './inbox.routes.js';
export { deliverMessage, noticeValues } from './inbox.service.js';
export type { MessageNotifier, MessageRow, Notice } from './inbox.service.js';
