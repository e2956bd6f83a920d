import { z } from 'zod';
import { WalletType, walletTypes } from './codes.js';
import { ledgerKindSchema } from './ledger-kind.js';
import { amountSchema, currencies, type Currency } from './money.js';

/** Which currencies each wallet holds: funding in USD and EUR, Taiwan stocks in NT$, the rest in USD. */
export const walletCurrencies: Record<WalletType, readonly Currency[]> = {
  [WalletType.BALANCE]: ['USD', 'EUR'],
  [WalletType.FOLLOW]: ['USD'],
  [WalletType.FUTURE]: ['USD'],
  [WalletType.STOCK]: ['USD'],
  [WalletType.SUBSCRIPTION]: ['USD'],
  [WalletType.FOREX]: ['USD'],
  [WalletType.TW]: ['TWD'],
};

const walletType = z.enum(walletTypes);
const currency = z.enum(currencies);
const paging = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const walletBalanceBody = z.strictObject({ walletType, currency: currency.optional() });

export const walletBalanceSchema = z.object({
  walletType,
  currency,
  balance: z.number(),
  available: z.number(),
  frozen: z.number(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletOverviewSchema = z.object({
  wallets: z.array(walletBalanceSchema),
  /** Every wallet converted to USD at current rates. */
  totalUsd: z.number(),
});
export type WalletOverview = z.infer<typeof walletOverviewSchema>;

export const fundingOverviewSchema = z.object({
  /** The day `todayProfit` covers, `YYYY-MM-DD` (New York). */
  thisDate: z.string(),
  /** Realised plus floating profit since the day began, USD. */
  todayProfit: z.number(),
  totalAssets: z.number(),
  available: z.number(),
  frozen: z.number(),
  positionMargin: z.number(),
  floatingProfit: z.number(),
});
export type FundingOverview = z.infer<typeof fundingOverviewSchema>;

const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/New_York');

export const walletBillBody = z.strictObject({
  timeZone: timeZone.default('UTC'),
  walletType: walletType.optional(),
  ...paging,
});

export const walletBillItemSchema = z.object({
  id: z.number().int(),
  walletType,
  currency,
  /** Signed: money in is positive. */
  amount: z.number(),
  kind: ledgerKindSchema,
  memo: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  /** `MM-DD-YYYY HH:mm:ss` (24-hour) in the requested time zone. */
  createTime: z.string(),
});
export type WalletBillItem = z.infer<typeof walletBillItemSchema>;

export const TransferStatus = { Pending: 'pending', Settled: 'settled', Cancelled: 'cancelled' } as const;
export type TransferStatus = (typeof TransferStatus)[keyof typeof TransferStatus];

export const transferBody = z
  .strictObject({ fromWallet: walletType, toWallet: walletType, amount: amountSchema, currency: currency.optional() })
  .refine((body) => body.fromWallet !== body.toWallet, { message: 'must differ from fromWallet', path: ['toWallet'] });

export const cancelTransferBody = z.strictObject({ id: z.coerce.number().int().positive() });

export const transferListBody = z.strictObject({ ...paging });

export const transferSchema = z.object({
  id: z.number().int(),
  status: z.enum([TransferStatus.Pending, TransferStatus.Settled, TransferStatus.Cancelled]),
  fromWallet: walletType,
  toWallet: walletType,
  currency,
  amount: z.number(),
  toCurrency: currency,
  toAmount: z.number(),
  /** Units of `toCurrency` per unit of `currency` (1 when they are the same). */
  rate: z.number(),
  createTimeTimestamp: z.number().int(),
  /** When it settles (pending) or settled. */
  settleTimeTimestamp: z.number().int(),
});
export type Transfer = z.infer<typeof transferSchema>;
