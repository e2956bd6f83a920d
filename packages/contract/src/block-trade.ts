import { z } from 'zod';
import { stockCodeSchema } from './market.js';

/** SPEC §5: a block trade is a single transaction of at least 10,000 shares. */
export const BLOCK_TRADE_MIN_SHARES = 10_000;

export const blockOfferSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  /** The desk's price for the block. */
  price: z.number(),
  /** The instrument's live price, for the discount the block gives. */
  marketPrice: z.number(),
  minQuantity: z.number().int(),
  remainingQuantity: z.number().int(),
  endTimestamp: z.number().int(),
  status: z.enum(['open', 'closed']),
});
export type BlockOffer = z.infer<typeof blockOfferSchema>;

export const createBlockOfferBody = z.strictObject({
  stockCode: stockCodeSchema,
  price: z.number().positive().max(1e7),
  minQuantity: z.number().int().min(BLOCK_TRADE_MIN_SHARES).default(BLOCK_TRADE_MIN_SHARES),
  totalQuantity: z.number().int().min(BLOCK_TRADE_MIN_SHARES).max(1e9),
  hours: z.number().int().min(1).max(24 * 30).default(24),
});

export const blockTradeCreateBody = z.strictObject({
  offerId: z.coerce.number().int().positive(),
  quantity: z.number().int('must be a whole number').positive().max(1e9),
  leverage: z.number().int().min(1).max(1000).optional(),
});

/** One purchase from a block offer, for the back office. */
export const blockOfferTakerSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  createTimeTimestamp: z.number().int(),
});
export type BlockOfferTaker = z.infer<typeof blockOfferTakerSchema>;

/** A block offer as the desk sees it: also withdrawn ones, with what was taken and by whom. */
export const adminBlockOfferSchema = blockOfferSchema.extend({
  status: z.enum(['open', 'closed', 'withdrawn']),
  takenQuantity: z.number().int(),
  takers: z.array(blockOfferTakerSchema),
  createTimeTimestamp: z.number().int(),
});
export type AdminBlockOffer = z.infer<typeof adminBlockOfferSchema>;

/** Edit an offer that is still open: any of price, minimum, remaining size and end. */
export const updateBlockOfferBody = z.strictObject({
  price: z.number().positive().max(1e7).optional(),
  minQuantity: z.number().int().min(BLOCK_TRADE_MIN_SHARES).optional(),
  remainingQuantity: z.number().int().min(0).max(1e9).optional(),
  /** Hours from now the offer ends. */
  hours: z.number().int().min(1).max(24 * 30).optional(),
});
export type UpdateBlockOfferInput = z.infer<typeof updateBlockOfferBody>;
export const blockOfferParams = z.strictObject({ id: z.coerce.number().int().positive() });
