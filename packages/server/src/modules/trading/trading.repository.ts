import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, positions, users, type OrderRow, type PositionRow } from '../../db/schema.js';
import { countRows, type RowRange } from '../../db/paging.js';

export type NewOrder = typeof orders.$inferInsert;
export type NewPosition = typeof positions.$inferInsert;

export async function insertOrder(tx: Database, values: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: Database, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

export async function lockOrder(tx: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findOrder(db: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Resting orders whose time in force has run out at `now` (the leader's expiry sweep), oldest first. */
export async function expiredOrderIds(db: Database, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 0), lte(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertPosition(tx: Database, values: NewPosition): Promise<PositionRow> {
  const [row] = await tx.insert(positions).values(values).returning();
  return row!;
}

export async function updatePosition(tx: Database, id: number, values: Partial<NewPosition>): Promise<PositionRow> {
  const [row] = await tx.update(positions).set(values).where(eq(positions.id, id)).returning();
  return row!;
}

export async function lockPosition(tx: Database, id: number): Promise<PositionRow | undefined> {
  const [row] = await tx.select().from(positions).where(eq(positions.id, id)).for('update');
  return row;
}

export async function findPosition(db: Database, id: number): Promise<PositionRow | undefined> {
  const [row] = await db.select().from(positions).where(eq(positions.id, id)).limit(1);
  return row;
}

/** Open positions; `followId: null` leaves out those a follow order owns (they have their own page). */
export async function openPositions(
  db: Database,
  filter: { userId?: number; source?: number; stockCode?: string; followId?: number | null } = {},
): Promise<PositionRow[]> {
  const conditions = [eq(positions.status, 'open')];
  if (filter.followId === null) conditions.push(isNull(positions.followId));
  else if (filter.followId !== undefined) conditions.push(eq(positions.followId, filter.followId));
  if (filter.userId !== undefined) conditions.push(eq(positions.userId, filter.userId));
  if (filter.source !== undefined) conditions.push(eq(positions.source, filter.source));
  if (filter.stockCode !== undefined) conditions.push(eq(positions.stockCode, filter.stockCode));
  return db.select().from(positions).where(and(...conditions)).orderBy(desc(positions.id));
}

export async function closedPositions(db: Database, userId: number, source: number | undefined, { limit, offset }: RowRange) {
  const conditions = [eq(positions.userId, userId), ne(positions.status, 'open'), isNull(positions.followId)];
  if (source !== undefined) conditions.push(eq(positions.source, source));
  const where = and(...conditions);
  const rows = await db.select().from(positions).where(where).orderBy(desc(positions.updatedAt), desc(positions.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(positions).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** An open position's id, instrument and row version (`xmin`, changed by every update). */
export interface PositionVersion {
  id: number;
  source: number;
  stockCode: string;
  version: string;
}

/** Open positions' versions with an id above `afterId`, in id order, at most `limit`: a page of the engine's resync. */
export async function openPositionVersionsAfter(db: Database, afterId: number, limit: number): Promise<PositionVersion[]> {
  return db
    .select({ id: positions.id, source: positions.source, stockCode: positions.stockCode, version: sql<string>`xmin::text` })
    .from(positions)
    .where(and(eq(positions.status, 'open'), gt(positions.id, afterId)))
    .orderBy(asc(positions.id))
    .limit(limit);
}

/** The open ones of `ids`, whole, each with its row version. */
export async function openPositionsWithVersions(db: Database, ids: readonly number[]): Promise<Array<{ row: PositionRow; version: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ row: positions, version: sql<string>`xmin::text` })
    .from(positions)
    .where(and(eq(positions.status, 'open'), inArray(positions.id, [...ids])));
}

// Limit (1), stop (2) and stop-limit (3) orders rest with their funds held.
const isResting = () => and(eq(orders.status, 0), inArray(orders.orderType, [1, 2, 3]));

/** Resting orders with an id above `afterId`, in id order, at most `limit`: a page of the engine's resync. */
export async function restingOrdersAfter(db: Database, afterId: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(isResting(), gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export async function restingOrders(db: Database, filter: { userId?: number; source?: number } = {}): Promise<OrderRow[]> {
  const conditions = [isResting()];
  if (filter.userId !== undefined) conditions.push(eq(orders.userId, filter.userId));
  if (filter.source !== undefined) conditions.push(eq(orders.source, filter.source));
  return db.select().from(orders).where(and(...conditions)).orderBy(desc(orders.id));
}

export async function userOrders(db: Database, userId: number, source: number | undefined, { limit, offset }: RowRange) {
  const conditions = [eq(orders.userId, userId), isNull(orders.followId)];
  if (source !== undefined) conditions.push(eq(orders.source, source));
  const where = and(...conditions);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(orders).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function expiredPositionIds(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.status, 'open'), lte(positions.expiresAt, now)));
  return rows.map((r) => r.id);
}

export async function tradePermission(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ permission: users.tradePermission }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.permission ?? 0;
}

export async function setTradePermission(db: Database, userIds: readonly number[], permission: number): Promise<void> {
  if (userIds.length > 0) await db.update(users).set({ tradePermission: permission }).where(inArray(users.id, [...userIds]));
}


/** Every position of the given follow orders, open or closed, and the orders that opened and closed them. */
export async function followHoldings(db: Database, followIds: readonly number[]): Promise<{ positions: PositionRow[]; orders: OrderRow[] }> {
  if (followIds.length === 0) return { positions: [], orders: [] };
  const ids = [...followIds];
  return {
    positions: await db.select().from(positions).where(inArray(positions.followId, ids)).orderBy(positions.id),
    orders: await db.select().from(orders).where(inArray(orders.followId, ids)).orderBy(orders.id),
  };
}

/** Profit (minor units, as text: a sum may pass 2^53) of the user's closing orders since `since`, per currency. */
export function realisedProfitSince(db: Database, userId: number, since: Date): Promise<{ currency: string; profit: string }[]> {
  return db
    .select({ currency: orders.currency, profit: sql<string>`COALESCE(SUM(${orders.profit}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.openClose, 1), gte(orders.updatedAt, since)))
    .groupBy(orders.currency);
}
