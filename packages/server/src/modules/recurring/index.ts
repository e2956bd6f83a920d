export { recurringRoutes } from './recurring.routes.js';
