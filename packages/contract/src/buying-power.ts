import { z } from 'zod';
import { walletTypes } from './codes.js';
import { followAddBody, followSchema } from './follow.js';
import { ipoSubscribeBody, ipoSubscriptionSchema } from './ipo.js';
import { amountSchema, currencies } from './money.js';
import { createFuturesOrderBody, createOrderBody, orderSchema } from './trading.js';
import { transferSchema } from './wallet.js';

const walletType = z.enum(walletTypes);
const currency = z.enum(currencies);

/**
 * Why money in a wallet is not available: a hold of a resting order, a pending wallet transfer, a
 * withdrawal under review, an IPO application waiting for its allotment, a follow not yet bought.
 */
export const holdReasons = ['order', 'transfer', 'withdrawal', 'ipo', 'follow', 'other'] as const;
export type HoldReason = (typeof holdReasons)[number];

export const holdBreakdownSchema = z.object({
  reason: z.enum(holdReasons),
  /** In the wallet's own currency (wallet rows) or the display currency (totals). */
  amount: z.number(),
  count: z.number().int(),
});
export type HoldBreakdown = z.infer<typeof holdBreakdownSchema>;

export const buyingPowerWalletSchema = z.object({
  walletType,
  currency,
  balance: z.number(),
  available: z.number(),
  frozen: z.number(),
  /** What `frozen` is made of, largest first. */
  holds: z.array(holdBreakdownSchema),
  /** The wallet's balance in the display currency (rounded once, see docs/ledger-and-trading.md). */
  balanceDisplay: z.number(),
  availableDisplay: z.number(),
});
export type BuyingPowerWallet = z.infer<typeof buyingPowerWalletSchema>;

/**
 * `/userCenter/getBuyingPower`: the whole account in one currency. `totalEquity` =
 * `available` + `frozen` + `pendingTransfers` + `positionMargin` + `floatingProfit`, exactly.
 */
export const buyingPowerSchema = z.object({
  /** The display currency (USD: the app has no display-currency setting yet). */
  currency,
  totalEquity: z.number(),
  available: z.number(),
  /** Held for orders, withdrawals, IPO applications and follows. */
  frozen: z.number(),
  /** Held for wallet transfers that have not settled yet. */
  pendingTransfers: z.number(),
  positionMargin: z.number(),
  floatingProfit: z.number(),
  /** Totals per reason, in the display currency. */
  holds: z.array(holdBreakdownSchema),
  wallets: z.array(buyingPowerWalletSchema),
});
export type BuyingPower = z.infer<typeof buyingPowerSchema>;

/** `/wallet/fundingPlan`: where the money for `amount` more in `toWallet` can come from. */
export const fundingPlanBody = z.strictObject({ toWallet: walletType, amount: amountSchema });

export const fundingSourceSchema = z.object({
  fromWallet: walletType,
  currency,
  available: z.number(),
  /** What to transfer from this wallet (its currency) so that at least the asked amount arrives. */
  amount: z.number(),
  /** Units of the target wallet's currency per unit of `currency`, as a transfer would quote now. */
  rate: z.number(),
  /** Whether `available` covers `amount`. */
  enough: z.boolean(),
});
export type FundingSource = z.infer<typeof fundingSourceSchema>;

export const fundingPlanSchema = z.object({
  toWallet: walletType,
  toCurrency: currency,
  amount: z.number(),
  /** Other wallets with available money, the one that covers the amount best first. */
  sources: z.array(fundingSourceSchema),
});
export type FundingPlan = z.infer<typeof fundingPlanSchema>;

const idempotencyKey = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1–100 letters, digits or . _ : -');

/** The transfer half of a one-step call: from which wallet, how much, under its own idempotency key. */
export const fundTransferPart = z.strictObject({
  fromWallet: walletType,
  currency: currency.optional(),
  amount: amountSchema,
  idempotencyKey,
});

/** What the moved money is for: each kind takes the body of its own create call and its own key. */
export const fundActionPart = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stock'), body: createOrderBody, idempotencyKey }),
  z.strictObject({ kind: z.literal('twStock'), body: createOrderBody, idempotencyKey }),
  z.strictObject({ kind: z.literal('gold'), body: createFuturesOrderBody, idempotencyKey }),
  z.strictObject({ kind: z.literal('ipo'), body: ipoSubscribeBody, idempotencyKey }),
  z.strictObject({ kind: z.literal('follow'), body: followAddBody, idempotencyKey }),
]);
export type FundActionKind = z.infer<typeof fundActionPart>['kind'];

/** `/wallet/fundAndPlace`: a transfer that settles at once and the order it pays for, in one transaction. */
export const fundAndPlaceBody = z.strictObject({ transfer: fundTransferPart, action: fundActionPart });
export type FundAndPlaceInput = z.input<typeof fundAndPlaceBody>;

export const fundAndPlaceSchema = z.object({
  transfer: transferSchema,
  order: orderSchema.optional(),
  subscription: ipoSubscriptionSchema.optional(),
  follow: followSchema.optional(),
});
export type FundAndPlaceResult = z.infer<typeof fundAndPlaceSchema>;
