export { withdrawalsRoutes } from './withdrawals.routes.js';
