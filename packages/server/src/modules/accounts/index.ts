export { accountsRoutes } from './accounts.routes.js';
export { verifyPayPassword } from './accounts.service.js';
