export { findPublishedVersion } from './app-config.repository.js';
export { appConfigRoutes } from './app-config.routes.js';
