export { chatRoutes } from './chat.routes.js';
export { hashVisitorToken } from './chat.service.js';
