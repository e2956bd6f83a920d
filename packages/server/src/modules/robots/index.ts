export { robotsRoutes } from './robots.routes.js';
