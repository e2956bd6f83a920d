import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

function buildActiveSessionQuery(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .limit(1)
    .prepare('find_active_session');
}

/** Built once per database handle: every request reads its session, so neither drizzle nor PostgreSQL rebuilds or re-plans it (issue 22). */
const activeSessionQueries = new WeakMap<Database, ReturnType<typeof buildActiveSessionQuery>>();

export async function findActiveSession(db: Database, tokenHash: string, now: Date) {
  let query = activeSessionQueries.get(db);
  if (!query) {
    query = buildActiveSessionQuery(db);
    activeSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function revokeSession(db: Database, sessionId: number, now: Date): Promise<boolean> {
  const rows = await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user, except `keepSessionId` when given; answers their ids. */
export async function revokeUserSessions(db: Database, userId: number, now: Date, keepSessionId?: number): Promise<number[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await db.update(sessions).set({ revokedAt: now }).where(and(...conditions)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Of these sessions, the ones that no longer sign in (revoked, expired or gone): an open socket's check. */
export async function endedSessionIds(db: Database, sessionIds: readonly number[], now: Date): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`));
  const live = new Set(rows.map((row) => row.id));
  return sessionIds.filter((id) => !live.has(id));
}

/** Revokes one live session if it belongs to `userId`; false when there is no such session of theirs. */
export async function revokeOwnSession(db: Database, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** A user's sessions that still sign in, most recently used first. */
export async function listLiveSessions(db: Database, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Records use of a session (the caller throttles, so this is not a write per request). */
export async function touchSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Whether the user ever had a session (live or not), and one from this user agent and address. */
export async function sessionHistory(db: Database, userId: number, userAgent: string, ip: string) {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      fromDevice: sql<boolean>`coalesce(bool_or(${sessions.userAgent} = ${userAgent} AND ${sessions.ip} = ${ip}), false)`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return { any: row?.any === true, fromDevice: row?.fromDevice === true };
}
