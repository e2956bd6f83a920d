export { recurringPlugin } from './recurring.plugin.js';
export { recurringRoutes } from './recurring.routes.js';
