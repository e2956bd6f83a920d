export { uploadsRoutes } from './uploads.routes.js';
export { ownsUpload } from './uploads.service.js';
