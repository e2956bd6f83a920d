import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { equitySnapshots, type EquitySnapshotRow } from '../../db/equity.schema.js';
import { queryRows, type Database } from '../../db/client.js';

/** The journal entry kinds that bring money into an account or take it out (not earned or lost by trading). */
export const EXTERNAL_FLOW_KINDS = ['deposit', 'withdrawal', 'correction'] as const;

/**
 * Users with a wallet whose snapshot of `day` is still to be taken: none yet, or (once the day has
 * closed) only a provisional one. At most `limit`, lowest id first.
 */
export async function usersDue(db: Database, day: string, afterClose: boolean, limit: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT DISTINCT a.user_id
          FROM ledger_accounts a
          LEFT JOIN equity_snapshots s ON s.user_id = a.user_id AND s.day = ${day}::date
         WHERE a.owner = 'user' AND a.user_id IS NOT NULL
           AND (s.user_id IS NULL OR (${afterClose}::boolean AND NOT s.final))
         ORDER BY a.user_id
         LIMIT ${limit}`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** The running total of a user's external flows per currency (minor units). */
export async function netDepositsByCurrency(db: Database, userId: number): Promise<{ currency: string; amount: number }[]> {
  const rows = await queryRows<{ currency: string; amount: string }>(
    db,
    sql`SELECT p.currency, COALESCE(SUM(p.amount), 0)::text AS amount
          FROM postings p
          JOIN journal_entries j ON j.id = p.entry_id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE a.owner = 'user' AND a.user_id = ${userId}
           AND j.kind IN (${sql.join(EXTERNAL_FLOW_KINDS.map((k) => sql`${k}`), sql`, `)})
         GROUP BY p.currency`,
  );
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}

export interface NewSnapshot {
  userId: number;
  day: string;
  value: number;
  netDeposits: number;
  final: boolean;
  takenAt: Date;
}

/**
 * Writes the day's snapshot: a new one, or a final one over a provisional one. A final snapshot is
 * never replaced, so a repeated run (or a new leader's run) changes nothing. Returns whether it wrote.
 */
export async function saveSnapshot(db: Database, snapshot: NewSnapshot): Promise<boolean> {
  const written = await db
    .insert(equitySnapshots)
    .values({ ...snapshot, currency: 'USD' })
    .onConflictDoUpdate({
      target: [equitySnapshots.userId, equitySnapshots.day],
      set: { value: snapshot.value, netDeposits: snapshot.netDeposits, final: snapshot.final, takenAt: snapshot.takenAt },
      setWhere: sql`${equitySnapshots.final} = false AND ${snapshot.final}::boolean`,
    })
    .returning({ day: equitySnapshots.day });
  return written.length > 0;
}

/** A user's snapshots from `fromDay` (inclusive, all when null) to before `beforeDay`, oldest first. */
export async function snapshots(db: Database, userId: number, fromDay: string | null, beforeDay: string): Promise<EquitySnapshotRow[]> {
  return db
    .select()
    .from(equitySnapshots)
    .where(and(eq(equitySnapshots.userId, userId), lt(equitySnapshots.day, beforeDay), fromDay === null ? undefined : gte(equitySnapshots.day, fromDay)))
    .orderBy(asc(equitySnapshots.day));
}
