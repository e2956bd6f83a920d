import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { RowRange } from '../../db/paging.js';
import { robotOrders, robots, type RobotOrderRow, type RobotRow } from '../../db/robots.schema.js';
import { orders, positions, type OrderRow, type PositionRow } from '../../db/schema.js';

export type NewRobot = typeof robots.$inferInsert;
export type NewRobotOrder = typeof robotOrders.$inferInsert;

export async function insertRobot(tx: Database, values: NewRobot): Promise<RobotRow> {
  const [row] = await tx.insert(robots).values(values).returning();
  if (!row) throw new Error('robot insert returned nothing');
  return row;
}

export async function findRobot(db: Database, id: number): Promise<RobotRow | undefined> {
  const [row] = await db.select().from(robots).where(eq(robots.id, id)).limit(1);
  return row;
}

export async function lockRobot(tx: Database, id: number): Promise<RobotRow | undefined> {
  const [row] = await tx.select().from(robots).where(eq(robots.id, id)).for('update').limit(1);
  return row;
}

export async function updateRobot(tx: Database, id: number, values: Partial<NewRobot>): Promise<RobotRow> {
  const [row] = await tx.update(robots).set(values).where(eq(robots.id, id)).returning();
  if (!row) throw new Error(`robot ${id} vanished`);
  return row;
}

export async function userRobots(db: Database, userId: number, { limit, offset }: RowRange): Promise<{ rows: RobotRow[]; total: number }> {
  const where = eq(robots.userId, userId);
  const rows = await db.select().from(robots).where(where).orderBy(desc(robots.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(robots).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function runningRobots(db: Database): Promise<RobotRow[]> {
  return db.select().from(robots).where(eq(robots.status, 'running')).orderBy(asc(robots.id));
}

/** Robots with steps decided but not yet carried out (a crash between deciding and placing). */
export async function robotsWithPendingSteps(db: Database): Promise<number[]> {
  const rows = await db.selectDistinct({ id: robotOrders.robotId }).from(robotOrders).where(eq(robotOrders.status, 'pending'));
  return rows.map((r) => r.id);
}

export async function insertRobotOrders(tx: Database, values: NewRobotOrder[]): Promise<RobotOrderRow[]> {
  return values.length === 0 ? [] : tx.insert(robotOrders).values(values).returning();
}

export async function updateRobotOrder(db: Database, id: number, values: Partial<NewRobotOrder>): Promise<void> {
  await db.update(robotOrders).set(values).where(eq(robotOrders.id, id));
}

/** Marks a step failed unless a concurrent call already recorded its fill. */
export async function failRobotOrder(db: Database, id: number, error: string, now: Date): Promise<void> {
  await db
    .update(robotOrders)
    .set({ status: 'failed', error, reserved: 0, updatedAt: now })
    .where(and(eq(robotOrders.id, id), eq(robotOrders.status, 'pending')));
}

export async function pendingSteps(db: Database, robotId: number): Promise<RobotOrderRow[]> {
  return db
    .select()
    .from(robotOrders)
    .where(and(eq(robotOrders.robotId, robotId), eq(robotOrders.status, 'pending')))
    .orderBy(asc(robotOrders.seq));
}

/** The budget pending buys hold back, per robot. */
export async function pendingReserved(db: Database, robotIds: readonly number[]): Promise<Map<number, number>> {
  if (robotIds.length === 0) return new Map();
  const rows = await db
    .select({ id: robotOrders.robotId, reserved: sql<string>`COALESCE(SUM(${robotOrders.reserved}), 0)::text` })
    .from(robotOrders)
    .where(and(inArray(robotOrders.robotId, [...robotIds]), eq(robotOrders.status, 'pending')))
    .groupBy(robotOrders.robotId);
  return new Map(rows.map((r) => [r.id, Number(r.reserved)]));
}

/**
 * What the robots' fills did: the positions their buys opened (with the grid line each belongs
 * to) and every order on those positions, whoever closed them (the robot, the owner, the engine).
 */
export async function robotFills(
  db: Database,
  robotIds: readonly number[],
): Promise<{ positions: Array<PositionRow & { robotId: number; slot: number }>; orders: Array<OrderRow & { robotId: number }> }> {
  if (robotIds.length === 0) return { positions: [], orders: [] };
  const opened = await db
    .select({ position: positions, robotId: robotOrders.robotId, slot: robotOrders.slot })
    .from(robotOrders)
    .innerJoin(orders, eq(orders.id, robotOrders.orderId))
    .innerJoin(positions, eq(positions.id, orders.positionId))
    .where(and(inArray(robotOrders.robotId, [...robotIds]), eq(robotOrders.side, 'buy'), eq(robotOrders.status, 'filled')))
    .orderBy(asc(positions.id));
  const robotOf = new Map(opened.map((r) => [r.position.id, r.robotId]));
  const ids = [...robotOf.keys()];
  const onPositions = ids.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.positionId, ids)).orderBy(asc(orders.id));
  return {
    positions: opened.map((r) => ({ ...r.position, robotId: r.robotId, slot: r.slot })),
    orders: onPositions.map((o) => ({ ...o, robotId: robotOf.get(o.positionId as number) as number })),
  };
}

/** The purchase record: the robot's steps, newest first, with the orders that carried them out. */
export async function robotRecord(db: Database, robotId: number, { limit, offset }: RowRange) {
  const where = eq(robotOrders.robotId, robotId);
  const rows = await db
    .select({ step: robotOrders, order: orders })
    .from(robotOrders)
    .leftJoin(orders, eq(orders.id, robotOrders.orderId))
    .where(where)
    .orderBy(desc(robotOrders.seq))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(robotOrders).where(where);
  return { rows, total: total?.n ?? 0 };
}
