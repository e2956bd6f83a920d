import { z } from 'zod';
import { stockCodeSchema } from './market.js';
import { MINOR_UNITS, amountSchema } from './money.js';

/** SPEC §5 and §9: a follow order is 100 to 1,000,000 (USD, from the FOLLOW wallet). */
export const FOLLOW_AMOUNT_MIN = 100;
export const FOLLOW_AMOUNT_MAX = 1_000_000;

/** The follow amount: SPEC §5's amount (above 0, at most 2 decimals) within the follow range, in minor units. */
export const followAmountSchema = amountSchema.superRefine((minor, ctx) => {
  if (minor < FOLLOW_AMOUNT_MIN * MINOR_UNITS) {
    ctx.addIssue({ code: 'too_small', origin: 'number', minimum: FOLLOW_AMOUNT_MIN, inclusive: true, input: minor, message: `must be at least ${FOLLOW_AMOUNT_MIN}` });
  } else if (minor > FOLLOW_AMOUNT_MAX * MINOR_UNITS) {
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: FOLLOW_AMOUNT_MAX, inclusive: true, input: minor, message: `must be at most ${FOLLOW_AMOUNT_MAX}` });
  }
});

/**
 * SPEC §4 follow order statuses, in order: placed (waiting for confirmation), confirmed and waiting
 * for the markets of its instruments to open (waiting for share subscription), subscribed (the
 * portfolio is bought). After its term a follow has ended; one the engine could not confirm is
 * rejected and its money released.
 */
export const FollowStatus = {
  WaitingConfirmation: 'waiting_confirmation',
  WaitingSubscription: 'waiting_subscription',
  Subscribed: 'subscribed',
  Ended: 'ended',
  Rejected: 'rejected',
} as const;
export type FollowStatus = (typeof FollowStatus)[keyof typeof FollowStatus];
export const followStatuses = Object.values(FollowStatus);

/** One instrument of an agency's model portfolio, with its live price. */
export const agencyHoldingSchema = z.object({
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  /** Share of the portfolio, percent (2 decimals); an agency's weights add up to 100. */
  weight: z.number(),
  price: z.number(),
  change_ratio: z.number(),
});
export type AgencyHolding = z.infer<typeof agencyHoldingSchema>;

/**
 * What the model portfolio, bought at the start of a period and held, returned since: percent,
 * computed from the instruments' daily closes and live prices; null where history is too short.
 */
export const trackRecordSchema = z.object({
  month1: z.number().nullable(),
  month3: z.number().nullable(),
  year1: z.number().nullable(),
  /** The portfolio's value over the last year, weekly, as an index starting at 100 (for a small chart). */
  curve: z.array(z.number()),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

export const agencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  strategy: z.string(),
  /** Subscription fee, percent of the amount (charged once, when the portfolio is bought). */
  feePercent: z.number(),
  termDays: z.number().int(),
  minAmount: z.number(),
  maxAmount: z.number(),
  holdings: z.array(agencyHoldingSchema),
  trackRecord: trackRecordSchema,
});
export type Agency = z.infer<typeof agencySchema>;

/** The back office's view: every agency, followed or not, active or not. */
export const adminAgencySchema = agencySchema.extend({
  active: z.boolean(),
  /** Follows not yet ended (waiting or subscribed). */
  openFollows: z.number().int(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type AdminAgency = z.infer<typeof adminAgencySchema>;

/** POST /userFollowInvest/add (with an Idempotency-Key header). */
export const followAddBody = z.strictObject({
  agencyId: z.coerce.number().int().positive(),
  amount: followAmountSchema,
});

export const followListQuery = z.strictObject({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One instrument a follow holds: a real position, which only the follow's term end closes. */
export const followHoldingSchema = z.object({
  positionId: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  /** Shares held (fractional, 4 decimals); after the close, the shares that were sold. */
  shares: z.number(),
  openPrice: z.number(),
  nowPrice: z.number(),
  cost: z.number(),
  value: z.number(),
  profit: z.number(),
  status: z.enum(['open', 'closed', 'liquidated', 'expired']),
});
export type FollowHolding = z.infer<typeof followHoldingSchema>;

export const followSchema = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  status: z.enum(followStatuses),
  amount: z.number(),
  feePercent: z.number(),
  /** The subscription fee charged (0 until the portfolio is bought). */
  fee: z.number(),
  termDays: z.number().int(),
  /** What the positions cost; the remainder below a share's smallest unit stays in the FOLLOW wallet. */
  invested: z.number(),
  /** The positions at the price they would sell at now; after the term, what their sale returned. */
  value: z.number(),
  /** value − invested − fee: the follow's result for the user. */
  profit: z.number(),
  /** profit as a percent of the amount. */
  profitRatio: z.number(),
  currency: z.literal('USD'),
  holdings: z.array(followHoldingSchema),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  subscribeTimeTimestamp: z.number().int().nullable(),
  /** When the term ends (known once subscribed). */
  endTimeTimestamp: z.number().int().nullable(),
  settleTimeTimestamp: z.number().int().nullable(),
});
export type Follow = z.infer<typeof followSchema>;

const weightPercent = z
  .number()
  .positive()
  .max(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most 2 decimals');

/** The back office creates or edits an agency with its whole model portfolio. */
export const agencyInputBody = z.strictObject({
  name: z.string().trim().min(1).max(50),
  strategy: z.string().trim().min(1).max(1000),
  feePercent: z
    .number()
    .min(0)
    .max(10)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most 2 decimals'),
  termDays: z.number().int().min(1).max(3650),
  active: z.boolean().default(true),
  holdings: z.array(z.strictObject({ stockCode: stockCodeSchema, weight: weightPercent })).min(1).max(20),
});
export type AgencyInput = z.input<typeof agencyInputBody>;
export const agencyParams = z.strictObject({ id: z.coerce.number().int().positive() });
