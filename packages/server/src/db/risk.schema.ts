import { bigint, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

// Near-liquidation notices (migration 0026), kept apart from schema.ts because only the engine reads them.
export const nearLiquidationNotices = pgTable('near_liquidation_notices', {
  positionId: bigint('position_id', { mode: 'number' }).primaryKey(),
  margin: bigint('margin', { mode: 'number' }).notNull(),
  marginRatio: numeric('margin_ratio', { precision: 8, scale: 2 }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }).notNull(),
});
export type NearLiquidationNoticeRow = typeof nearLiquidationNotices.$inferSelect;
