import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { RowRange } from '../../db/paging.js';
import { follows, investAgencies, investAgencyHoldings, type FollowRow, type InvestAgencyHoldingRow, type InvestAgencyRow } from '../../db/schema.js';

export type NewAgency = typeof investAgencies.$inferInsert;
export type NewFollow = typeof follows.$inferInsert;
export type AgencyWithHoldings = InvestAgencyRow & { holdings: InvestAgencyHoldingRow[] };

/** Agencies (only active ones unless `all`), each with its model portfolio, largest weight first. */
export async function agencies(db: Database, filter: { all?: boolean; id?: number } = {}): Promise<AgencyWithHoldings[]> {
  const conditions = [];
  if (!filter.all) conditions.push(eq(investAgencies.active, true));
  if (filter.id !== undefined) conditions.push(eq(investAgencies.id, filter.id));
  const rows = await db.select().from(investAgencies).where(and(...conditions)).orderBy(asc(investAgencies.id));
  if (rows.length === 0) return [];
  const holdings = await db
    .select()
    .from(investAgencyHoldings)
    .where(inArray(investAgencyHoldings.agencyId, rows.map((row) => row.id)))
    .orderBy(desc(investAgencyHoldings.weightBps), asc(investAgencyHoldings.stockCode));
  return rows.map((row) => ({ ...row, holdings: holdings.filter((h) => h.agencyId === row.id) }));
}

/** Inserts an agency; a seeded one whose `seedKey` exists already is left as it is (answers undefined). */
export async function insertAgency(tx: Database, values: NewAgency): Promise<InvestAgencyRow | undefined> {
  const [row] = await tx.insert(investAgencies).values(values).onConflictDoNothing({ target: investAgencies.seedKey }).returning();
  return row;
}

export async function lockAgency(tx: Database, id: number): Promise<InvestAgencyRow | undefined> {
  const [row] = await tx.select().from(investAgencies).where(eq(investAgencies.id, id)).for('update');
  return row;
}

export async function updateAgency(tx: Database, id: number, values: Partial<NewAgency>): Promise<InvestAgencyRow> {
  const [row] = await tx.update(investAgencies).set(values).where(eq(investAgencies.id, id)).returning();
  return row!;
}

/** Replaces an agency's whole model portfolio. */
export async function replaceHoldings(tx: Database, agencyId: number, holdings: ReadonlyArray<{ stockCode: string; weightBps: number }>): Promise<void> {
  await tx.delete(investAgencyHoldings).where(eq(investAgencyHoldings.agencyId, agencyId));
  if (holdings.length > 0) await tx.insert(investAgencyHoldings).values(holdings.map((h) => ({ agencyId, ...h })));
}

/** Follows not yet ended or rejected, per agency. */
export async function openFollowCounts(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .select({ agencyId: follows.agencyId, n: count() })
    .from(follows)
    .where(notInArray(follows.status, ['ended', 'rejected']))
    .groupBy(follows.agencyId);
  return new Map(rows.map((row) => [row.agencyId, Number(row.n)]));
}

export async function insertFollow(tx: Database, values: NewFollow): Promise<FollowRow> {
  const [row] = await tx.insert(follows).values(values).returning();
  return row!;
}

export async function updateFollow(tx: Database, id: number, values: Partial<NewFollow>): Promise<FollowRow> {
  const [row] = await tx.update(follows).set(values).where(eq(follows.id, id)).returning();
  return row!;
}

/** The follow under its row lock, so two sweeps (or two servers) never act on it twice. */
export async function lockFollow(tx: Database, id: number): Promise<FollowRow | undefined> {
  const [row] = await tx.select().from(follows).where(eq(follows.id, id)).for('update');
  return row;
}

export async function userFollows(db: Database, userId: number, { limit, offset }: RowRange) {
  const where = eq(follows.userId, userId);
  const rows = await db.select().from(follows).where(where).orderBy(desc(follows.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(follows).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Follows the sweep has work for: to confirm, to buy, or past their term end. */
export async function dueFollows(db: Database, now: Date): Promise<FollowRow[]> {
  return db
    .select()
    .from(follows)
    .where(
      sql`${follows.status} IN ('waiting_confirmation', 'waiting_subscription') OR (${and(eq(follows.status, 'subscribed'), lte(follows.endsAt, now))})`,
    )
    .orderBy(asc(follows.id))
    .limit(200);
}
