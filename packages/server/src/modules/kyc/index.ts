export { kycRoutes } from './kyc.routes.js';
export { identityVerified } from './permissions.service.js';
