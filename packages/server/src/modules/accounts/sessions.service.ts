import type { Database } from '../../db/client.js';
import { newSessionToken, sha256 } from '../../lib/tokens.js';
import type { AuthContext } from '../../plugins/types.js';
import { findActiveSession, insertSession } from './accounts.repository.js';

export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

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
    expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
    ip: origin.ip.slice(0, 64),
    userAgent: origin.userAgent.slice(0, 256),
  });
  return token;
}

export async function findSessionByToken(db: Database, token: string, now: Date): Promise<AuthContext | null> {
  const row = await findActiveSession(db, sha256(token), now);
  return row ? { user: row.user, sessionId: row.session.id } : null;
}
