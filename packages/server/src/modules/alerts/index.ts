export { alertsRoutes } from './alerts.routes.js';
