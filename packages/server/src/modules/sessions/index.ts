export { endedSessionIds, listLiveSessions, revokeSession, revokeUserSessions, sessionHistory } from './sessions.repository.js';
export { createSession, findSessionByToken, listMySessions, revokeMyOtherSessions, revokeMySession, storedOrigin } from './sessions.service.js';
export type { SessionOrigin, SessionsEndedNotifier } from './sessions.service.js';
export { SessionCache } from './session-cache.js';
