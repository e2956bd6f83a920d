import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { priceAlerts, type PriceAlertRow } from '../../db/schema.js';
import { countRows } from '../../db/paging.js';

export type { PriceAlertRow };
export type NewPriceAlert = typeof priceAlerts.$inferInsert;

export async function insertAlert(db: Database, values: NewPriceAlert): Promise<PriceAlertRow> {
  const [row] = await db.insert(priceAlerts).values(values).returning();
  return row!;
}

export async function userAlerts(db: Database, userId: number): Promise<PriceAlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.id));
}

export async function countActive(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

export async function activeAlerts(db: Database): Promise<PriceAlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
}

/** Deletes the user's alert; false when there is none of theirs with that id. */
export async function deleteAlert(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId))).returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/**
 * Turns an active alert off as it fires. The `status = 'active'` condition makes this the one
 * decision: of two evaluations racing (two ticks, two processes), one gets the row back, the other
 * nothing, so the alert fires once.
 */
export async function markTriggered(db: Database, id: number, price: number, now: Date): Promise<PriceAlertRow | undefined> {
  const [row] = await db
    .update(priceAlerts)
    .set({ status: 'triggered', triggeredAt: now, triggeredPrice: price })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'active')))
    .returning();
  return row;
}
