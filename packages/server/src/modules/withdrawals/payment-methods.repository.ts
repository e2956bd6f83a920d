import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { paymentMethods, type PaymentMethodRow } from '../../db/schema.js';

/** The user's methods not deleted, oldest first. */
export async function liveMethods(db: Database, userId: number): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt))).orderBy(asc(paymentMethods.id));
}

export async function findLiveMethod(db: Database, userId: number, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .limit(1);
  return row;
}

export async function insertMethod(db: Database, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function updateMethodRow(db: Database, id: number, values: Partial<typeof paymentMethods.$inferInsert>): Promise<PaymentMethodRow> {
  const [row] = await db.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)).returning();
  return row!;
}
