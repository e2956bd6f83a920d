import type { DeviceSession, RevokedSessions } from '@tradewind/contract';
import type { SessionEndReason } from '../../bus/bus.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { newSessionToken, sha256 } from '../../lib/tokens.js';
import type { AuthContext } from '../../plugins/types.js';
import type { SessionCache } from './session-cache.js';
import { findActiveSession, insertSession, listLiveSessions, revokeOwnSession, revokeUserSessions, touchSession } from './sessions.repository.js';

export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

/** How stale "last seen" may get: marking every request would be a write per request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The origin as stored (columns are bounded), so a later sign-in compares like with like. */
export const storedOrigin = (origin: SessionOrigin): SessionOrigin => ({ ip: origin.ip.slice(0, 64), userAgent: origin.userAgent.slice(0, 256) });

/** Issues a fresh token; only its hash is stored, so a database leak gives no usable session. */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
  ttlHours: number,
  origin: SessionOrigin,
): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
    ...storedOrigin(origin),
  });
  return token;
}

/**
 * The caller a token signs in, or null. With a cache, a session read once is answered from memory
 * until the bus says it ended or its user changed (session-cache.ts), or it expires.
 */
export async function findSessionByToken(db: Database, token: string, now: Date, cache?: SessionCache): Promise<AuthContext | null> {
  const tokenHash = sha256(token);
  const kept = cache?.get(tokenHash, now);
  if (kept) {
    kept.lastSeenAt = await touchIfStale(db, kept.auth.sessionId, kept.lastSeenAt, now);
    return kept.auth;
  }
  const ticket = cache?.ticket();
  const row = await findActiveSession(db, tokenHash, now);
  if (!row) return null;
  const lastSeenAt = await touchIfStale(db, row.session.id, row.session.lastSeenAt, now);
  const auth: AuthContext = { user: row.user, sessionId: row.session.id, sessionExpiresAt: row.session.expiresAt };
  if (cache && ticket !== undefined) cache.put(ticket, tokenHash, auth, lastSeenAt);
  return auth;
}

/** Marks the session as used when its last mark is older than the resolution; answers the mark it now has. */
async function touchIfStale(db: Database, sessionId: number, lastSeenAt: Date, now: Date): Promise<Date> {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return lastSeenAt;
  await touchSession(db, sessionId, now);
  return now;
}

/** Tells every process which sessions ended, so their sockets close (UserChannels.endSessions). */
export type SessionsEndedNotifier = (sessionIds: readonly number[], reason: SessionEndReason) => void;

export interface SessionsDeps {
  db: Database;
  clock: Clock;
  sessionsEnded: SessionsEndedNotifier;
}

/** The caller's devices that can still sign in, the one making this call marked `current`. */
export async function listMySessions(deps: SessionsDeps, auth: AuthContext): Promise<DeviceSession[]> {
  const rows = await listLiveSessions(deps.db, auth.user.id, deps.clock.now());
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createTimeTimestamp: toSeconds(row.createdAt),
    lastSeenTimestamp: toSeconds(row.lastSeenAt),
    current: row.id === auth.sessionId,
  }));
}

/** Signs one of the caller's devices out; another user's session is "not found", never "forbidden". */
export async function revokeMySession(deps: SessionsDeps, auth: AuthContext, sessionId: number): Promise<null> {
  if (!(await revokeOwnSession(deps.db, auth.user.id, sessionId, deps.clock.now()))) throw AppError.notFound('session.notFound');
  deps.sessionsEnded([sessionId], 'revoked');
  return null;
}

/** Signs out every device of the caller except the one making this call. */
export async function revokeMyOtherSessions(deps: SessionsDeps, auth: AuthContext): Promise<RevokedSessions> {
  const ended = await revokeUserSessions(deps.db, auth.user.id, deps.clock.now(), auth.sessionId);
  deps.sessionsEnded(ended, 'revokedOthers');
  return { revoked: ended.length };
}
