import { z } from 'zod';

/**
 * Issue 20: the account's value over time, from the daily equity snapshots (docs/account.md).
 * Every amount is an integer of USD minor units (cents), the currency the account totals are shown in.
 */
export const equityRanges = ['1W', '1M', '3M', '1Y', 'ALL'] as const;
export type EquityRange = (typeof equityRanges)[number];

/** How many days back each range reaches (ALL: every snapshot). */
export const equityRangeDays: Record<Exclude<EquityRange, 'ALL'>, number> = { '1W': 7, '1M': 30, '3M': 91, '1Y': 365 };

export const equityHistoryQuery = z.strictObject({ range: z.enum(equityRanges).default('1M') });
export type EquityHistoryQuery = z.infer<typeof equityHistoryQuery>;

export const equityPointSchema = z.object({
  /** The New York trading day (YYYY-MM-DD) the value belongs to. */
  day: z.string(),
  /** The account's value (wallets plus open positions' margin and floating profit), USD minor units. */
  valueMinor: z.number().int(),
  /** Deposits minus withdrawals (and back-office corrections) since the range's first point, USD minor units. */
  netDepositsMinor: z.number().int(),
  /** The value's change since the first point minus netDepositsMinor: what the account earned. */
  pnlMinor: z.number().int(),
  /** True for the last point: today's live value, not a stored snapshot. */
  live: z.boolean(),
});
export type EquityPoint = z.infer<typeof equityPointSchema>;

export const equityHistorySchema = z.object({
  range: z.enum(equityRanges),
  currency: z.literal('USD'),
  /** Oldest first; the last is today's live value. One point only for an account with no past snapshot. */
  points: z.array(equityPointSchema),
  /** The last point's value minus the first's. */
  changeMinor: z.number().int(),
  /** Deposits minus withdrawals over the range. */
  netDepositsMinor: z.number().int(),
  /** changeMinor minus netDepositsMinor. */
  pnlMinor: z.number().int(),
});
export type EquityHistory = z.infer<typeof equityHistorySchema>;
