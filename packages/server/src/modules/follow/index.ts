export { followPlugin } from './follow.plugin.js';
export { seedDemoAgencies } from './demo-agencies.js';
export { followRoutes } from './follow.routes.js';
export { addFollow } from './follow.service.js';
