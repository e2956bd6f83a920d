import { eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { positions } from '../../db/schema.js';
import { nearLiquidationNotices } from '../../db/risk.schema.js';

/**
 * Stores the notice at this margin unless one is stored at it already: true when written (no row,
 * or one at another margin), so concurrent evaluations send the notice once.
 */
export async function recordNotice(tx: Database, notice: { positionId: number; margin: number; marginRatio: string; notifiedAt: Date }): Promise<boolean> {
  const inserted = await tx
    .insert(nearLiquidationNotices)
    .values(notice)
    .onConflictDoUpdate({
      target: nearLiquidationNotices.positionId,
      set: { margin: notice.margin, marginRatio: notice.marginRatio, notifiedAt: notice.notifiedAt },
      // Told already at this margin: nothing to do (the margin changes only when margin is added).
      setWhere: ne(nearLiquidationNotices.margin, notice.margin),
    })
    .returning({ positionId: nearLiquidationNotices.positionId });
  return inserted.length > 0;
}

export async function noticedMargin(tx: Database, positionId: number): Promise<number | null> {
  const [row] = await tx.select({ margin: nearLiquidationNotices.margin }).from(nearLiquidationNotices).where(eq(nearLiquidationNotices.positionId, positionId));
  return row?.margin ?? null;
}

export async function deleteNotice(db: Database, positionId: number): Promise<void> {
  await db.delete(nearLiquidationNotices).where(eq(nearLiquidationNotices.positionId, positionId));
}

/** Drops the notices of positions no longer open, and answers the rest as position id → margin. */
export async function openPositionNotices(db: Database): Promise<Map<number, number>> {
  const closed = db.select({ id: positions.id }).from(positions).where(ne(positions.status, 'open'));
  await db.delete(nearLiquidationNotices).where(inArray(nearLiquidationNotices.positionId, closed));
  const rows = await db.select({ positionId: nearLiquidationNotices.positionId, margin: nearLiquidationNotices.margin }).from(nearLiquidationNotices);
  return new Map(rows.map((row) => [row.positionId, row.margin]));
}
