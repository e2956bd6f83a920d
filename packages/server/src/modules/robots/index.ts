export { robotsPlugin } from './robots.plugin.js';
export { robotsRoutes } from './robots.routes.js';
