import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

export interface TotpRow {
  userId: number;
  secret: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export interface ChallengeRow {
  id: number;
  userId: number;
  ip: string;
  userAgent: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/** The user's TOTP row; `forUpdate` locks it for the rest of the transaction (a code is checked and its step stored at once). */
export async function findTotp(db: Database, userId: number, forUpdate = false): Promise<TotpRow | undefined> {
  const rows = await queryRows<{ user_id: number | string; secret: string; enabled_at: Date | string | null; last_used_step: number | string | null }>(
    db,
    sql`SELECT user_id, secret, enabled_at, last_used_step FROM user_totp WHERE user_id = ${userId} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: Number(row.user_id),
    secret: row.secret,
    enabledAt: toDate(row.enabled_at),
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}

/** A new secret waiting for its first code; replaces an earlier one that was never confirmed. */
export async function upsertPendingSecret(db: Database, userId: number, secret: string, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO user_totp (user_id, secret, enabled_at, last_used_step, created_at, updated_at)
    VALUES (${userId}, ${secret}, NULL, NULL, ${now}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, enabled_at = NULL, last_used_step = NULL, updated_at = EXCLUDED.updated_at
    WHERE user_totp.enabled_at IS NULL`);
}

export async function enableTotp(db: Database, userId: number, step: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE user_totp SET enabled_at = ${now}, last_used_step = ${step}, updated_at = ${now} WHERE user_id = ${userId}`);
}

export async function setLastUsedStep(db: Database, userId: number, step: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE user_totp SET last_used_step = ${step}, updated_at = ${now} WHERE user_id = ${userId}`);
}

export async function deleteTotp(db: Database, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM totp_recovery_codes WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM user_totp WHERE user_id = ${userId}`);
}

export async function replaceRecoveryCodes(db: Database, userId: number, hashes: readonly string[], now: Date): Promise<void> {
  await db.execute(sql`DELETE FROM totp_recovery_codes WHERE user_id = ${userId}`);
  const values = hashes.map((hash) => sql`(${userId}, ${hash}, ${now})`);
  await db.execute(sql`INSERT INTO totp_recovery_codes (user_id, code_hash, created_at) VALUES ${sql.join(values, sql`, `)}`);
}

/** Uses up one unused recovery code with this hash; false when there is none (wrong, or already used). */
export async function useRecoveryCode(db: Database, userId: number, hash: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`UPDATE totp_recovery_codes SET used_at = ${now}
        WHERE id = (SELECT id FROM totp_recovery_codes WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL LIMIT 1)
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const rows = await queryRows<{ left: number | string }>(db, sql`SELECT count(*) AS left FROM totp_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`);
  return Number(rows[0]?.left ?? 0);
}

export async function insertChallenge(db: Database, challenge: { userId: number; tokenHash: string; ip: string; userAgent: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO login_challenges (user_id, token_hash, ip, user_agent, created_at, expires_at)
    VALUES (${challenge.userId}, ${challenge.tokenHash}, ${challenge.ip}, ${challenge.userAgent}, ${now}, ${challenge.expiresAt})`);
}

/** Locks a challenge by its token's hash for the rest of the transaction. */
export async function lockChallenge(db: Database, tokenHash: string): Promise<ChallengeRow | undefined> {
  const rows = await queryRows<{
    id: number | string;
    user_id: number | string;
    ip: string;
    user_agent: string;
    attempts: number;
    expires_at: Date | string;
    used_at: Date | string | null;
  }>(db, sql`SELECT id, user_id, ip, user_agent, attempts, expires_at, used_at FROM login_challenges WHERE token_hash = ${tokenHash} FOR UPDATE`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    ip: row.ip,
    userAgent: row.user_agent,
    attempts: Number(row.attempts),
    expiresAt: toDate(row.expires_at)!,
    usedAt: toDate(row.used_at),
  };
}

export async function countChallengeAttempt(db: Database, id: number): Promise<void> {
  await db.execute(sql`UPDATE login_challenges SET attempts = attempts + 1 WHERE id = ${id}`);
}

export async function useChallenge(db: Database, id: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE login_challenges SET used_at = ${now} WHERE id = ${id}`);
}
