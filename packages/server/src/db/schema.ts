import type { LedgerKind } from '@tradewind/contract';
import { bigint, bigserial, boolean, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { MessageParams } from '../i18n/messages.js';

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
  tradePermission: smallint('trade_permission').notNull().default(0),
  blockTradePermission: smallint('block_trade_permission').notNull().default(0),
  blockedAt: ts('blocked_at'),
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
  lastSeenAt: ts('last_seen_at').notNull(),
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
  /** Migration 0025: the HTML part, its language, and delivery through the outbox with retries. */
  html: text('html'),
  locale: text('locale'),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] }).notNull().default('sent'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
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

/**
 * The bars flushes wrote one by one after a bucket's first, whole write into price_bars (migration 0037): once the
 * bucket has closed they are folded into its price_bars row and deleted.
 */
export const priceBarTails = pgTable(
  'price_bar_tails',
  {
    instrumentKey: text('instrument_key').notNull(),
    interval: text('interval', { enum: ['1m', '5m', '30m', '1d'] }).notNull(),
    bucket: text('bucket').notNull(),
    t: bigint('t', { mode: 'number' }).notNull(),
    bar: jsonb('bar').$type<[number, string, number, number, number, number, number]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentKey, t.interval, t.bucket, t.t] })],
);

/**
 * When each instrument's generated history ends (migration 0033): the history is generated again from the
 * seed and this instant at every start, so only the buckets live ticks changed are stored in price_bars.
 */
export const marketHistoryAnchors = pgTable('market_history_anchors', {
  instrumentKey: text('instrument_key').primaryKey(),
  generatedUntil: ts('generated_until').notNull(),
});

export const watchlistItems = pgTable('watchlist_items', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  sort: integer('sort').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type WatchlistRow = typeof watchlistItems.$inferSelect;

const money = (name: string) => bigint(name, { mode: 'number' });
/*
 * Exact decimals (migration 0025). The driver hands NUMERIC over as text; the column maps it to the
 * JavaScript number the rest of the code works with (the pricing module reads it back as an exact
 * decimal through its shortest text), and writes a number as its text.
 */
const price = (name: string) => numeric(name, { precision: 20, scale: 8, mode: 'number' });
const rate = (name: string) => numeric(name, { precision: 30, scale: 18, mode: 'number' });

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  owner: text('owner', { enum: ['user', 'system'] }).notNull(),
  userId: ref('user_id'),
  walletType: text('wallet_type'),
  systemCode: text('system_code'),
  currency: text('currency').notNull(),
  balance: money('balance').notNull().default(0),
  frozen: money('frozen').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

export const journalEntries = pgTable('journal_entries', {
  id: id(),
  kind: text('kind').$type<LedgerKind>().notNull(),
  userId: ref('user_id'),
  referenceType: text('reference_type'),
  referenceId: ref('reference_id'),
  memo: text('memo').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  /** The memo as a message key and its parameters (migration 0024), rendered in the reader's language. */
  memoKey: text('memo_key'),
  memoParams: jsonb('memo_params').$type<MessageParams>(),
});

export const postings = pgTable('postings', {
  id: id(),
  entryId: ref('entry_id').notNull(),
  accountId: ref('account_id').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const holds = pgTable('holds', {
  id: id(),
  accountId: ref('account_id').notNull(),
  amount: money('amount').notNull(),
  status: text('status', { enum: ['pending', 'posted', 'voided'] }).notNull().default('pending'),
  referenceType: text('reference_type').notNull(),
  referenceId: ref('reference_id'),
  createdAt: ts('created_at').notNull(),
  resolvedAt: ts('resolved_at'),
});
export type HoldRow = typeof holds.$inferSelect;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ref('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const walletTransfers = pgTable('wallet_transfers', {
  id: id(),
  userId: ref('user_id').notNull(),
  fromWallet: text('from_wallet').notNull(),
  toWallet: text('to_wallet').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  toCurrency: text('to_currency').notNull(),
  toAmount: money('to_amount').notNull(),
  rate: rate('rate').notNull(),
  status: text('status', { enum: ['pending', 'settled', 'cancelled'] }).notNull(),
  holdId: ref('hold_id').notNull(),
  createdAt: ts('created_at').notNull(),
  settleAt: ts('settle_at').notNull(),
  resolvedAt: ts('resolved_at'),
});
export type WalletTransferRow = typeof walletTransfers.$inferSelect;

export const positions = pgTable('positions', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  contract: text('contract'),
  direction: smallint('direction').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  openPrice: price('open_price').notNull(),
  multiplier: price('multiplier').notNull(),
  leverage: integer('leverage').notNull(),
  walletType: text('wallet_type').notNull(),
  currency: text('currency').notNull(),
  margin: money('margin').notNull(),
  realizedPnl: money('realized_pnl').notNull().default(0),
  closedQuantity: bigint('closed_quantity', { mode: 'number' }).notNull().default(0),
  closePrice: price('close_price'),
  status: text('status', { enum: ['open', 'closed', 'liquidated', 'expired'] }).notNull(),
  expiresAt: ts('expires_at'),
  /** The follow order the position belongs to (migration 0014): only its term end sells it. */
  followId: ref('follow_id'),
  /** Take-profit and stop-loss prices (migration 0022): the engine closes the position when the exit price reaches either. */
  takeProfit: price('take_profit'),
  stopLoss: price('stop_loss'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type PositionRow = typeof positions.$inferSelect;

export const orders = pgTable('orders', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  direction: smallint('direction').notNull(),
  orderType: smallint('order_type').notNull(),
  openClose: smallint('open_close').notNull(),
  status: smallint('status').notNull(),
  price: price('price'),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  leverage: integer('leverage').notNull(),
  fillPrice: price('fill_price'),
  fee: money('fee').notNull().default(0),
  margin: money('margin').notNull().default(0),
  profit: money('profit'),
  currency: text('currency').notNull(),
  walletType: text('wallet_type').notNull(),
  positionId: ref('position_id'),
  holdId: ref('hold_id'),
  reason: text('reason', { enum: ['user', 'liquidation', 'expiry', 'take_profit', 'stop_loss'] }).notNull().default('user'),
  followId: ref('follow_id'),
  /** Stop and stop-limit orders (types 2 and 3, migration 0022): the trigger, and when it was reached. */
  triggerPrice: price('trigger_price'),
  triggeredAt: ts('triggered_at'),
  /** Take-profit and stop-loss asked at entry (migration 0028), set on the position when the order fills. */
  takeProfit: price('take_profit'),
  stopLoss: price('stop_loss'),
  /** Futures: the contract month ordered (migration 0028). */
  contract: text('contract'),
  /** Limit, stop and stop-limit orders (migration 0031): DAY or GTC, and when the order expires unless filled first. */
  timeInForce: text('time_in_force', { enum: ['DAY', 'GTC'] }),
  expiresAt: ts('expires_at'),
  /** Set when the expiry sweep cancelled the order. */
  expiredAt: ts('expired_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type OrderRow = typeof orders.$inferSelect;

export const priceAlerts = pgTable('price_alerts', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  kind: text('kind', { enum: ['price', 'percent'] }).notNull(),
  direction: text('direction', { enum: ['above', 'below'] }).notNull(),
  targetPrice: price('target_price').notNull(),
  basePrice: price('base_price').notNull(),
  percent: price('percent'),
  locale: text('locale').notNull(),
  status: text('status', { enum: ['active', 'triggered'] }).notNull(),
  triggeredAt: ts('triggered_at'),
  triggeredPrice: price('triggered_price'),
  createdAt: ts('created_at').notNull(),
});
export type PriceAlertRow = typeof priceAlerts.$inferSelect;

export const recurringPlans = pgTable('recurring_plans', {
  id: id(),
  userId: ref('user_id').notNull(),
  source: smallint('source').notNull(),
  stockCode: text('stock_code').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  walletType: text('wallet_type').notNull(),
  frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
  minuteOfDay: integer('minute_of_day').notNull(),
  weekday: smallint('weekday'),
  dayOfMonth: smallint('day_of_month'),
  status: text('status', { enum: ['active', 'paused', 'cancelled'] }).notNull(),
  nextRunAt: ts('next_run_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type RecurringPlanRow = typeof recurringPlans.$inferSelect;

export const recurringRuns = pgTable('recurring_runs', {
  id: id(),
  planId: ref('plan_id').notNull(),
  runDate: text('run_date').notNull(),
  scheduledAt: ts('scheduled_at').notNull(),
  status: text('status', { enum: ['pending', 'filled', 'skipped'] }).notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  reason: text('reason'),
  orderId: ref('order_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type RecurringRunRow = typeof recurringRuns.$inferSelect;

export const userMessages = pgTable('user_messages', {
  id: id(),
  userId: ref('user_id').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  /** A notice the server wrote: its title and body as message keys (migration 0024); null for a back-office text. */
  titleKey: text('title_key'),
  bodyKey: text('body_key'),
  textParams: jsonb('text_params').$type<MessageParams>(),
});

export const uploads = pgTable('uploads', {
  id: id(),
  userId: ref('user_id').notNull(),
  storedName: text('stored_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type UploadRow = typeof uploads.$inferSelect;

export const deposits = pgTable('deposits', {
  id: id(),
  userId: ref('user_id').notNull(),
  channelId: integer('channel_id').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  credentialUrl: text('credential_url').notNull(),
  status: smallint('status').notNull().default(1),
  reason: text('reason'),
  confirmations: integer('confirmations').notNull().default(0),
  reviewedBy: ref('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull(),
});
export type DepositRow = typeof deposits.$inferSelect;

export const paymentMethods = pgTable('payment_methods', {
  id: id(),
  userId: ref('user_id').notNull(),
  kind: text('kind', { enum: ['bank', 'crypto'] }).notNull(),
  bankName: text('bank_name'),
  accountName: text('account_name'),
  cardNumber: text('card_number'),
  currencyType: text('currency_type'),
  network: text('network'),
  address: text('address'),
  createdAt: ts('created_at').notNull(),
  deletedAt: ts('deleted_at'),
});
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export const withdrawals = pgTable('withdrawals', {
  id: id(),
  userId: ref('user_id').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  destination: jsonb('destination').$type<Record<string, string | null>>().notNull(),
  status: smallint('status').notNull().default(1),
  reason: text('reason'),
  holdId: ref('hold_id').notNull(),
  reviewedBy: ref('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull(),
  cancelledAt: ts('cancelled_at'),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const kycApplications = pgTable('kyc_applications', {
  id: id(),
  userId: ref('user_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  country: text('country').notNull(),
  documentType: text('document_type', { enum: ['idcard', 'passport'] }).notNull(),
  documentNumber: text('document_number').notNull(),
  frontUrl: text('front_url').notNull(),
  backUrl: text('back_url'),
  status: smallint('status').notNull().default(1),
  reason: text('reason'),
  reviewedBy: ref('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull(),
});
export type KycApplicationRow = typeof kycApplications.$inferSelect;

// New-share (IPO) subscriptions (migration 0013).
export const ipoOfferings = pgTable('ipo_offerings', {
  id: id(),
  stockCode: text('stock_code').notNull(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  priceMinor: money('price_minor').notNull(),
  lotSize: integer('lot_size').notNull(),
  sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
  prospectusAt: ts('prospectus_at').notNull(),
  purchaseStartAt: ts('purchase_start_at').notNull(),
  purchaseEndAt: ts('purchase_end_at').notNull(),
  listAt: ts('list_at').notNull(),
  seed: text('seed').notNull(),
  demandLots: bigint('demand_lots', { mode: 'number' }),
  allottedLots: bigint('allotted_lots', { mode: 'number' }),
  drawDigest: text('draw_digest'),
  allottedAt: ts('allotted_at'),
  listedAt: ts('listed_at'),
  demoKey: text('demo_key'),
  createdBy: ref('created_by'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type IpoOfferingRow = typeof ipoOfferings.$inferSelect;

export const ipoSubscriptions = pgTable('ipo_subscriptions', {
  id: id(),
  offeringId: ref('offering_id').notNull(),
  userId: ref('user_id').notNull(),
  lots: bigint('lots', { mode: 'number' }).notNull(),
  amountMinor: money('amount_minor').notNull(),
  holdId: ref('hold_id').notNull(),
  status: smallint('status').notNull().default(0),
  allottedLots: bigint('allotted_lots', { mode: 'number' }).notNull().default(0),
  paidMinor: money('paid_minor').notNull().default(0),
  positionId: ref('position_id'),
  createdAt: ts('created_at').notNull(),
  allottedAt: ts('allotted_at'),
  listedAt: ts('listed_at'),
});
export type IpoSubscriptionRow = typeof ipoSubscriptions.$inferSelect;

export const ipoAllotments = pgTable(
  'ipo_allotments',
  {
    offeringId: ref('offering_id').notNull(),
    subscriptionId: ref('subscription_id').notNull(),
    userId: ref('user_id').notNull(),
    requestedLots: bigint('requested_lots', { mode: 'number' }).notNull(),
    allottedLots: bigint('allotted_lots', { mode: 'number' }).notNull(),
    ticketFrom: bigint('ticket_from', { mode: 'number' }).notNull(),
    ticketTo: bigint('ticket_to', { mode: 'number' }).notNull(),
    firstDraw: bigint('first_draw', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.offeringId, table.subscriptionId] })],
);
export type IpoAllotmentRow = typeof ipoAllotments.$inferSelect;

export const blockOffers = pgTable('block_offers', {
  id: id(),
  stockCode: text('stock_code').notNull(),
  price: price('price').notNull(),
  minQuantity: bigint('min_quantity', { mode: 'number' }).notNull(),
  remainingQuantity: bigint('remaining_quantity', { mode: 'number' }).notNull(),
  endsAt: ts('ends_at').notNull(),
  createdBy: ref('created_by'),
  createdAt: ts('created_at').notNull(),
  // Migration 0027: staff withdraw an offer; demo offers are keyed so a restart adds none.
  withdrawnAt: ts('withdrawn_at'),
  updatedAt: ts('updated_at'),
  demoKey: text('demo_key'),
});
export type BlockOfferRow = typeof blockOffers.$inferSelect;

/** Who bought from a block offer (migration 0027), for the back office's list of takers. */
export const blockOfferTakes = pgTable(
  'block_offer_takes',
  {
    offerId: ref('offer_id').notNull(),
    orderId: ref('order_id').notNull(),
    userId: ref('user_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.orderId] })],
);

// Follow orders (migration 0014).
export const investAgencies = pgTable('invest_agencies', {
  id: id(),
  seedKey: text('seed_key'),
  name: text('name').notNull(),
  strategy: text('strategy').notNull(),
  feeBps: integer('fee_bps').notNull(),
  termDays: integer('term_days').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type InvestAgencyRow = typeof investAgencies.$inferSelect;

export const investAgencyHoldings = pgTable(
  'invest_agency_holdings',
  {
    agencyId: ref('agency_id').notNull(),
    stockCode: text('stock_code').notNull(),
    weightBps: integer('weight_bps').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agencyId, table.stockCode] })],
);
export type InvestAgencyHoldingRow = typeof investAgencyHoldings.$inferSelect;

export const follows = pgTable('follows', {
  id: id(),
  userId: ref('user_id').notNull(),
  agencyId: ref('agency_id').notNull(),
  status: text('status', { enum: ['waiting_confirmation', 'waiting_subscription', 'subscribed', 'ended', 'rejected'] }).notNull(),
  amount: money('amount').notNull(),
  feeBps: integer('fee_bps').notNull(),
  termDays: integer('term_days').notNull(),
  portfolio: jsonb('portfolio').$type<Array<{ stockCode: string; weightBps: number }>>().notNull(),
  holdId: ref('hold_id').notNull(),
  fee: money('fee').notNull().default(0),
  invested: money('invested').notNull().default(0),
  proceeds: money('proceeds'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  subscribedAt: ts('subscribed_at'),
  endsAt: ts('ends_at'),
  settledAt: ts('settled_at'),
});
export type FollowRow = typeof follows.$inferSelect;
