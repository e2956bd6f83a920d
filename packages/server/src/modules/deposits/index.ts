export { depositsRoutes } from './deposits.routes.js';
