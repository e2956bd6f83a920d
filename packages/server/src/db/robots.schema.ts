import { bigint, bigserial, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Quant robots (migration 0015), kept apart from schema.ts because nothing else joins them.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const robots = pgTable('robots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: ref('user_id').notNull(),
  strategy: text('strategy', { enum: ['grid', 'dca', 'ma'] }).notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  params: jsonb('params').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  walletType: text('wallet_type').notNull(),
  status: text('status', { enum: ['running', 'paused', 'stopped'] }).notNull(),
  state: jsonb('state').notNull(),
  seq: integer('seq').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  stoppedAt: ts('stopped_at'),
});
export type RobotRow = typeof robots.$inferSelect;

export const robotOrders = pgTable('robot_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  robotId: ref('robot_id').notNull(),
  seq: integer('seq').notNull(),
  side: text('side', { enum: ['buy', 'sell'] }).notNull(),
  slot: integer('slot').notNull().default(0),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  positionId: ref('position_id'),
  reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['pending', 'filled', 'failed'] }).notNull(),
  orderId: ref('order_id'),
  error: text('error'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type RobotOrderRow = typeof robotOrders.$inferSelect;
