export { seedDemoOfferings } from './demo-offerings.js';
export { ipoDepsOf, ipoRoutes } from './ipo.routes.js';
export { subscribe } from './ipo.service.js';
export type { IpoDeps } from './ipo-views.js';
