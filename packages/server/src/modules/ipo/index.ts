export { seedDemoOfferings } from './demo-offerings.js';
export { ipoPlugin } from './ipo.plugin.js';
export { ipoRoutes } from './ipo.routes.js';
export { subscribe } from './ipo.service.js';
export type { IpoDeps } from './ipo-views.js';
