export { adminExists, endedSessionIds, findUserByEmail, findUserById, insertUser, revokeUserSessions, updateUser } from './accounts.repository.js';
export { accountsRoutes } from './accounts.routes.js';
export { verifyPayPassword } from './accounts.service.js';
export { findSessionByToken, storedOrigin } from './sessions.service.js';
export type { SessionOrigin } from './sessions.service.js';
