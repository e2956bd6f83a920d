export { adminUsersRoutes } from './admin-users.routes.js';
export { adminRoutes } from './admin.routes.js';
export { audit, ensureAdmin } from './admin.service.js';
export { appClockRoutes } from './app-clock.routes.js';
export { applicantsOf, withApplicants } from './applicants.js';
