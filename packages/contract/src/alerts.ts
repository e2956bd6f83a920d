import { z } from 'zod';
import { type QuoteSource, quoteSources } from './codes.js';
import { stockCodeSchema } from './market.js';

/** Issue 11: price alerts. Any quoted instrument; above or below a price, or a percent move from the price at creation. */
const source = z.coerce
  .number()
  .int()
  .refine((n): n is QuoteSource => (quoteSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99');

export const alertKinds = ['price', 'percent'] as const;
export const alertDirections = ['above', 'below'] as const;

/**
 * `kind: 'price'`: fires when the last price is at or above (`above`) or at or below (`below`) `price`.
 * `kind: 'percent'`: `percent` (e.g. 5 for 5 %) from the last price now, up (`above`) or down (`below`).
 */
export const createAlertBody = z
  .strictObject({
    stockCode: stockCodeSchema,
    source: source.optional(),
    market: z.string().trim().min(1).max(16).transform((m) => m.toUpperCase()).optional(),
    kind: z.enum(alertKinds),
    direction: z.enum(alertDirections),
    price: z.number().positive().max(1e9).optional(),
    percent: z.number().positive().max(1000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'price' && body.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'is required for a price alert' });
    if (body.kind === 'price' && body.percent !== undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'is only for a percent alert' });
    if (body.kind === 'percent' && body.percent === undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'is required for a percent alert' });
    if (body.kind === 'percent' && body.price !== undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'is only for a price alert' });
    if (body.kind === 'percent' && body.direction === 'below' && body.percent !== undefined && body.percent >= 100) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'must be below 100 for a fall' });
    }
  });
export type CreateAlertBody = z.infer<typeof createAlertBody>;

export const alertIdBody = z.strictObject({ id: z.coerce.number().int().positive() });

export const priceAlertSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  source: z.number().int(),
  market: z.string(),
  kind: z.enum(alertKinds),
  direction: z.enum(alertDirections),
  /** The price that fires it (for a percent alert: the price at creation moved by the percent). */
  targetPrice: z.number(),
  /** The last price when the alert was set. */
  basePrice: z.number(),
  percent: z.number().nullable(),
  /** `active` until it fires once, then `triggered` (it never fires again). */
  status: z.enum(['active', 'triggered']),
  triggeredPrice: z.number().nullable(),
  triggeredTimestamp: z.number().int().nullable(),
  createTimestamp: z.number().int(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
