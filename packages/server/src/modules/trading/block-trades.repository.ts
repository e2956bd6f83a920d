import { desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { blockOfferTakes, blockOffers, users, type BlockOfferRow } from '../../db/schema.js';

type NewBlockOffer = typeof blockOffers.$inferInsert;

/** The offers users see: not withdrawn, newest first. */
export function visibleOffers(db: Database): Promise<BlockOfferRow[]> {
  return db.select().from(blockOffers).where(isNull(blockOffers.withdrawnAt)).orderBy(desc(blockOffers.id)).limit(100);
}

/** Every offer, withdrawn ones too, newest first (the back office). */
export function allOffers(db: Database): Promise<BlockOfferRow[]> {
  return db.select().from(blockOffers).orderBy(desc(blockOffers.id)).limit(200);
}

export async function insertOffer(tx: Database, offer: NewBlockOffer): Promise<BlockOfferRow> {
  const [row] = await tx.insert(blockOffers).values(offer).returning();
  return row!;
}

/** A demo offer, written once per demo key. */
export async function insertDemoOffer(db: Database, offer: NewBlockOffer): Promise<void> {
  await db.insert(blockOffers).values(offer).onConflictDoNothing({ target: blockOffers.demoKey });
}

export async function findOffer(db: Database, id: number): Promise<BlockOfferRow | undefined> {
  const [row] = await db.select().from(blockOffers).where(eq(blockOffers.id, id)).limit(1);
  return row;
}

export async function lockOffer(tx: Database, id: number): Promise<BlockOfferRow | undefined> {
  const [row] = await tx.select().from(blockOffers).where(eq(blockOffers.id, id)).for('update');
  return row;
}

export async function updateOffer(tx: Database, id: number, set: Partial<NewBlockOffer>): Promise<BlockOfferRow> {
  const [row] = await tx.update(blockOffers).set(set).where(eq(blockOffers.id, id)).returning();
  return row!;
}

/**
 * Takes `quantity` off an open offer's remaining size in one guarded update, so two buyers never
 * share the last shares: false when the offer has not that much left, is withdrawn or has ended.
 */
export async function takeFromOffer(tx: Database, offerId: number, quantity: number, now: Date): Promise<boolean> {
  const taken = await tx
    .update(blockOffers)
    .set({ remainingQuantity: sql`${blockOffers.remainingQuantity} - ${quantity}` })
    .where(sql`${blockOffers.id} = ${offerId} AND ${blockOffers.remainingQuantity} >= ${quantity} AND ${blockOffers.withdrawnAt} IS NULL AND ${blockOffers.endsAt} > ${now}`)
    .returning({ id: blockOffers.id });
  return taken.length > 0;
}

export async function insertTake(tx: Database, take: typeof blockOfferTakes.$inferInsert): Promise<void> {
  await tx.insert(blockOfferTakes).values(take);
}

/** The takes of these offers with each taker's e-mail and name, oldest first. */
export function takesOf(db: Database, offerIds: readonly number[]) {
  return db
    .select({ offerId: blockOfferTakes.offerId, orderId: blockOfferTakes.orderId, userId: blockOfferTakes.userId, quantity: blockOfferTakes.quantity, createdAt: blockOfferTakes.createdAt, email: users.email, name: users.name })
    .from(blockOfferTakes)
    .innerJoin(users, eq(users.id, blockOfferTakes.userId))
    .where(inArray(blockOfferTakes.offerId, [...offerIds]))
    .orderBy(blockOfferTakes.createdAt);
}

export async function blockTradePermission(db: Database, userId: number): Promise<number | undefined> {
  const [user] = await db.select({ permission: users.blockTradePermission }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.permission;
}
