import { bigint, boolean, date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Daily equity snapshots (migration 0029), kept apart from schema.ts: only modules/equity reads them.
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    value: bigint('value', { mode: 'number' }).notNull(),
    netDeposits: bigint('net_deposits', { mode: 'number' }).notNull(),
    final: boolean('final').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
export type EquitySnapshotRow = typeof equitySnapshots.$inferSelect;
