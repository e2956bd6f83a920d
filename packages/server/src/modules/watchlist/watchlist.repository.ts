import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { watchlistItems, type WatchlistRow } from '../../db/schema.js';

export async function listWatchlist(db: Database, userId: number): Promise<WatchlistRow[]> {
  return db.select().from(watchlistItems).where(eq(watchlistItems.userId, userId)).orderBy(asc(watchlistItems.sort), asc(watchlistItems.id));
}

export async function findWatchlistItem(db: Database, userId: number, source: number, stockCode: string): Promise<WatchlistRow | undefined> {
  const [row] = await db
    .select()
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.source, source), eq(watchlistItems.stockCode, stockCode)))
    .limit(1);
  return row;
}

/** Appends at the end of the user's order; a concurrent add of the same item is a no-op. */
export async function insertWatchlistItem(db: Database, userId: number, source: number, stockCode: string, now: Date): Promise<WatchlistRow | undefined> {
  const [row] = await db
    .insert(watchlistItems)
    .values({
      userId,
      source,
      stockCode,
      createdAt: now,
      sort: sql`(SELECT COALESCE(MAX(${watchlistItems.sort}), 0) + 1 FROM ${watchlistItems} WHERE ${watchlistItems.userId} = ${userId})`,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteWatchlistItem(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.id, id))).returning({ id: watchlistItems.id });
  return rows.length > 0;
}

export async function deleteWatchlistByCode(db: Database, userId: number, stockCode: string): Promise<number> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.stockCode, stockCode)))
    .returning({ id: watchlistItems.id });
  return rows.length;
}

export async function setWatchlistSort(db: Database, userId: number, id: number, sort: number): Promise<void> {
  await db.update(watchlistItems).set({ sort }).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.id, id)));
}
