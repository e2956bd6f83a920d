import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows, type RowRange } from '../../db/paging.js';
import { orders, recurringPlans, recurringRuns, type OrderRow, type RecurringPlanRow, type RecurringRunRow } from '../../db/schema.js';

export type { RecurringPlanRow, RecurringRunRow };

export async function insertPlan(db: Database, values: typeof recurringPlans.$inferInsert): Promise<RecurringPlanRow> {
  const [row] = await db.insert(recurringPlans).values(values).returning();
  return row!;
}

export async function userPlans(db: Database, userId: number): Promise<RecurringPlanRow[]> {
  return db.select().from(recurringPlans).where(eq(recurringPlans.userId, userId)).orderBy(desc(recurringPlans.id));
}

export async function findPlan(db: Database, id: number): Promise<RecurringPlanRow | undefined> {
  const [row] = await db.select().from(recurringPlans).where(eq(recurringPlans.id, id)).limit(1);
  return row;
}

export async function lockPlan(tx: Database, id: number): Promise<RecurringPlanRow | undefined> {
  const [row] = await tx.select().from(recurringPlans).where(eq(recurringPlans.id, id)).for('update');
  return row;
}

export async function updatePlan(tx: Database, id: number, values: Partial<typeof recurringPlans.$inferInsert>): Promise<RecurringPlanRow> {
  const [row] = await tx.update(recurringPlans).set(values).where(eq(recurringPlans.id, id)).returning();
  return row!;
}

export async function duePlanIds(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: recurringPlans.id })
    .from(recurringPlans)
    .where(and(eq(recurringPlans.status, 'active'), lte(recurringPlans.nextRunAt, now)))
    .orderBy(recurringPlans.nextRunAt);
  return rows.map((r) => r.id);
}

export async function findRun(db: Database, planId: number, runDate: string): Promise<RecurringRunRow | undefined> {
  const [row] = await db.select().from(recurringRuns).where(and(eq(recurringRuns.planId, planId), eq(recurringRuns.runDate, runDate))).limit(1);
  return row;
}

export async function lockRun(tx: Database, id: number): Promise<RecurringRunRow | undefined> {
  const [row] = await tx.select().from(recurringRuns).where(eq(recurringRuns.id, id)).for('update');
  return row;
}

/** Claims a run; answers undefined when another pass claimed it first (UNIQUE plan, run date). */
export async function insertRun(tx: Database, values: typeof recurringRuns.$inferInsert): Promise<RecurringRunRow | undefined> {
  const [row] = await tx.insert(recurringRuns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRun(tx: Database, id: number, values: Partial<typeof recurringRuns.$inferInsert>): Promise<RecurringRunRow> {
  const [row] = await tx.update(recurringRuns).set(values).where(eq(recurringRuns.id, id)).returning();
  return row!;
}

export async function planRuns(db: Database, planId: number, { limit, offset }: RowRange) {
  const where = eq(recurringRuns.planId, planId);
  const rows = await db.select().from(recurringRuns).where(where).orderBy(desc(recurringRuns.scheduledAt), desc(recurringRuns.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(recurringRuns).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function ordersByIds(db: Database, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, [...ids]));
}
