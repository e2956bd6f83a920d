import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors the SQL migrations in ./migrations, which are the source of truth for constraints.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  payPasswordHash: text('pay_password_hash'),
  name: text('name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  inviteCode: text('invite_code').notNull(),
  invitedByUserId: ref('invited_by_user_id'),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  kycStatus: smallint('kyc_status').notNull().default(0),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: ts('locked_until'),
  failedPayCount: integer('failed_pay_count').notNull().default(0),
  payLockedUntil: ts('pay_locked_until'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sessions = pgTable('sessions', {
  id: id(),
  userId: ref('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const emailCodes = pgTable('email_codes', {
  id: id(),
  email: text('email').notNull(),
  purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  ip: text('ip').notNull().default(''),
});

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  code: text('code'),
  transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
  createdAt: ts('created_at').notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: id(),
  actorUserId: ref('actor_user_id'),
  action: text('action').notNull(),
  subject: text('subject').notNull().default(''),
  detail: jsonb('detail').notNull().default({}),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;

export const priceBars = pgTable(
  'price_bars',
  {
    instrumentKey: text('instrument_key').notNull(),
    interval: text('interval', { enum: ['1m', '5m', '30m', '1d'] }).notNull(),
    bucket: text('bucket').notNull(),
    bars: jsonb('bars').$type<Array<[number, string, number, number, number, number, number]>>().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentKey, t.interval, t.bucket] })],
);

export const watchlistItems = pgTable('watchlist_items', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  sort: integer('sort').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type WatchlistRow = typeof watchlistItems.$inferSelect;
