export { adminUsersRoutes } from './admin-users.routes.js';
export { adminRoutes } from './admin.routes.js';
export { ensureAdmin } from './admin.service.js';
export { appClockRoutes } from './app-clock.routes.js';
