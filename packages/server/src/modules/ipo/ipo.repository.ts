import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows } from '../../db/paging.js';
import {
  ipoAllotments,
  ipoOfferings,
  ipoSubscriptions,
  ledgerAccounts,
  users,
  type IpoAllotmentRow,
  type IpoOfferingRow,
  type IpoSubscriptionRow,
} from '../../db/schema.js';

export type NewOffering = typeof ipoOfferings.$inferInsert;
export type NewSubscription = typeof ipoSubscriptions.$inferInsert;

export async function listOfferings(db: Database, limit = 100): Promise<IpoOfferingRow[]> {
  return db.select().from(ipoOfferings).orderBy(desc(ipoOfferings.purchaseEndAt), desc(ipoOfferings.id)).limit(limit);
}

export async function findOffering(db: Database, id: number): Promise<IpoOfferingRow | undefined> {
  const [row] = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id)).limit(1);
  return row;
}

/** The newest offering of a stock (a code may come to market more than once). */
export async function findOfferingByCode(db: Database, stockCode: string): Promise<IpoOfferingRow | undefined> {
  const [row] = await db.select().from(ipoOfferings).where(eq(ipoOfferings.stockCode, stockCode)).orderBy(desc(ipoOfferings.id)).limit(1);
  return row;
}

export async function lockOffering(tx: Database, id: number): Promise<IpoOfferingRow | undefined> {
  const [row] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, id)).for('update');
  return row;
}

/** Inserts an offering; a demo offering whose key is already there is skipped (undefined). */
export async function insertOffering(tx: Database, values: NewOffering): Promise<IpoOfferingRow | undefined> {
  const [row] = await tx.insert(ipoOfferings).values(values).onConflictDoNothing({ target: ipoOfferings.demoKey }).returning();
  return row;
}

export async function updateOffering(tx: Database, id: number, values: Partial<NewOffering>): Promise<IpoOfferingRow> {
  const [row] = await tx.update(ipoOfferings).set(values).where(eq(ipoOfferings.id, id)).returning();
  return row!;
}

export async function dueForAllotment(db: Database, now: Date): Promise<number[]> {
  const rows = await db.select({ id: ipoOfferings.id }).from(ipoOfferings).where(and(isNull(ipoOfferings.allottedAt), lte(ipoOfferings.purchaseEndAt, now)));
  return rows.map((row) => row.id);
}

export async function dueForListing(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: ipoOfferings.id })
    .from(ipoOfferings)
    .where(and(isNotNull(ipoOfferings.allottedAt), isNull(ipoOfferings.listedAt), lte(ipoOfferings.listAt, now)));
  return rows.map((row) => row.id);
}

/** Subscriptions and lots asked for, per offering. */
export async function demandByOffering(db: Database): Promise<Map<number, { subscriptions: number; lots: number }>> {
  const rows = await db
    .select({ offeringId: ipoSubscriptions.offeringId, subscriptions: countRows(), lots: sql<string>`COALESCE(SUM(${ipoSubscriptions.lots}), 0)::text` })
    .from(ipoSubscriptions)
    .groupBy(ipoSubscriptions.offeringId);
  return new Map(rows.map((row) => [Number(row.offeringId), { subscriptions: row.subscriptions, lots: Number(row.lots) }]));
}

export async function countSubscriptions(tx: Database, offeringId: number): Promise<number> {
  const [row] = await tx.select({ n: countRows() }).from(ipoSubscriptions).where(eq(ipoSubscriptions.offeringId, offeringId));
  return row?.n ?? 0;
}

export async function findSubscription(db: Database, offeringId: number, userId: number): Promise<IpoSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.offeringId, offeringId), eq(ipoSubscriptions.userId, userId)))
    .limit(1);
  return row;
}

export async function insertSubscription(tx: Database, values: NewSubscription): Promise<IpoSubscriptionRow> {
  const [row] = await tx.insert(ipoSubscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(tx: Database, id: number, values: Partial<NewSubscription>): Promise<IpoSubscriptionRow> {
  const [row] = await tx.update(ipoSubscriptions).set(values).where(eq(ipoSubscriptions.id, id)).returning();
  return row!;
}

/** An offering's subscriptions in id order: the order the lottery numbers their tickets in. */
export async function offeringSubscriptions(tx: Database, offeringId: number): Promise<IpoSubscriptionRow[]> {
  return tx.select().from(ipoSubscriptions).where(eq(ipoSubscriptions.offeringId, offeringId)).orderBy(asc(ipoSubscriptions.id));
}

export interface SubscriptionWithOffering {
  subscription: IpoSubscriptionRow;
  offering: IpoOfferingRow;
}

/** One user's subscriptions, newest first; only ever the caller's own. */
export async function userSubscriptions(
  db: Database,
  userId: number,
  filter: { offeringId?: number; status?: number; limit: number; offset: number },
): Promise<{ rows: SubscriptionWithOffering[]; total: number }> {
  const conditions = [eq(ipoSubscriptions.userId, userId)];
  if (filter.offeringId !== undefined) conditions.push(eq(ipoSubscriptions.offeringId, filter.offeringId));
  if (filter.status !== undefined) conditions.push(eq(ipoSubscriptions.status, filter.status));
  const where = and(...conditions);
  const rows = await db
    .select({ subscription: ipoSubscriptions, offering: ipoOfferings })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(where)
    .orderBy(desc(ipoSubscriptions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db.select({ total: countRows() }).from(ipoSubscriptions).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function insertAllotments(tx: Database, lines: Array<typeof ipoAllotments.$inferInsert>): Promise<void> {
  // Inserted in slices so a large offering never builds one statement over the parameter limit.
  for (let from = 0; from < lines.length; from += 1000) await tx.insert(ipoAllotments).values(lines.slice(from, from + 1000));
}

export async function allotmentLines(db: Database, offeringId: number): Promise<Array<IpoAllotmentRow & { email: string }>> {
  return db
    .select({
      offeringId: ipoAllotments.offeringId,
      subscriptionId: ipoAllotments.subscriptionId,
      userId: ipoAllotments.userId,
      requestedLots: ipoAllotments.requestedLots,
      allottedLots: ipoAllotments.allottedLots,
      ticketFrom: ipoAllotments.ticketFrom,
      ticketTo: ipoAllotments.ticketTo,
      firstDraw: ipoAllotments.firstDraw,
      email: users.email,
    })
    .from(ipoAllotments)
    .innerJoin(users, eq(users.id, ipoAllotments.userId))
    .where(eq(ipoAllotments.offeringId, offeringId))
    .orderBy(asc(ipoAllotments.ticketFrom));
}

/** Available (balance − frozen) of a user's wallet account, in minor units; 0 when it has none yet. */
export async function availableMinor(db: Database, userId: number, walletType: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.walletType, walletType), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  return row ? row.balance - row.frozen : 0;
}
