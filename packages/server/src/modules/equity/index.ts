export { equityPlugin } from './equity.plugin.js';
export { equityRoutes } from './equity.routes.js';
