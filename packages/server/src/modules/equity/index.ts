export { equityRoutes } from './equity.routes.js';
