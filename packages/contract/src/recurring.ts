import { z } from 'zod';
import { type TradableSource, tradableSources } from './codes.js';
import { stockCodeSchema } from './market.js';
import { amountSchema } from './money.js';

/** Issue 11: recurring investment — a fixed amount of one instrument bought at market every day, week or month. */
const source = z.coerce
  .number()
  .int()
  .refine((n): n is TradableSource => (tradableSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99');

export const recurringFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

/** `HH:MM`, 24-hour, UTC. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour, UTC)');

export const createRecurringBody = z
  .strictObject({
    stockCode: stockCodeSchema,
    source: source.optional(),
    market: z.string().trim().min(1).max(16).transform((m) => m.toUpperCase()).optional(),
    /** In the trading wallet's currency (USD for US stocks, TWD for Taiwan), at most 2 decimals. */
    amount: amountSchema,
    frequency: z.enum(recurringFrequencies),
    time: timeOfDay,
    /** Weekly plans: 0 Sunday … 6 Saturday. */
    weekday: z.number().int().min(0).max(6).optional(),
    /** Monthly plans: 1–31; a month with fewer days runs on its last day. */
    dayOfMonth: z.number().int().min(1).max(31).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.frequency === 'weekly' && body.weekday === undefined) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'is required for a weekly plan' });
    if (body.frequency !== 'weekly' && body.weekday !== undefined) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'is only for a weekly plan' });
    if (body.frequency === 'monthly' && body.dayOfMonth === undefined) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'is required for a monthly plan' });
    if (body.frequency !== 'monthly' && body.dayOfMonth !== undefined) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'is only for a monthly plan' });
  });
export type CreateRecurringBody = z.infer<typeof createRecurringBody>;

export const recurringIdBody = z.strictObject({ id: z.coerce.number().int().positive() });
export const recurringRunsBody = z.strictObject({
  id: z.coerce.number().int().positive(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const recurringPlanSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  source: z.number().int(),
  market: z.string(),
  amount: z.number(),
  currency: z.string(),
  walletType: z.string(),
  frequency: z.enum(recurringFrequencies),
  time: z.string(),
  weekday: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  status: z.enum(['active', 'paused', 'cancelled']),
  /** Null unless active. */
  nextRunTimestamp: z.number().int().nullable(),
  createTimestamp: z.number().int(),
});
export type RecurringPlan = z.infer<typeof recurringPlanSchema>;

export const recurringRunSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  scheduledTimestamp: z.number().int(),
  status: z.enum(['pending', 'filled', 'skipped']),
  quantity: z.number().int(),
  /** Why it was skipped, in the caller's language. */
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  fillPrice: z.number().nullable(),
  /** Margin plus fee the fill took from the wallet. */
  spent: z.number().nullable(),
  createTimestamp: z.number().int(),
});
export type RecurringRun = z.infer<typeof recurringRunSchema>;
