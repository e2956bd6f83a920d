export { twoFactorRoutes } from './two-factor.routes.js';
export { isEnabled, issueChallenge, passChallenge, refuseAdminWithoutTotp, requireForUser } from './two-factor.service.js';
