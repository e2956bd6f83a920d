export { buyingPowerRoutes } from './buying-power.routes.js';
