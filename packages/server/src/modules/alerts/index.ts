export { alertsPlugin } from './alerts.plugin.js';
export { alertsRoutes } from './alerts.routes.js';
