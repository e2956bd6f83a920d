import { fromMinor, valueInMinor, type FundingOverview } from '@tradewind/contract';
import { userAccounts } from '../ledger/index.js';
import { conversionRate, zonedParts, zonedToUtc } from '../market/index.js';
import * as repo from './trading.repository.js';
import type { TradingDeps } from './trading-deps.js';
import { toPosition } from './trading.mappers.js';

/**
 * The account screen's totals in USD: wallets at live rates plus open positions' margin and
 * floating profit, each part converted exactly and rounded once. Today's profit is what closed since midnight New York plus the floating profit.
 */
/** The account's value in USD minor units, part by part, each part converted exactly and rounded once. */
export interface AccountValueParts {
  balance: number;
  frozen: number;
  margin: number;
  floating: number;
  /** balance + margin + floating: the account value Account shows and the equity snapshots keep. */
  total: number;
}

export async function accountValueParts(deps: TradingDeps, userId: number): Promise<AccountValueParts> {
  // Each part converted exactly and rounded once (as buying power does); totals are integer sums.
  const usd = (minor: number, currency: string) => valueInMinor(minor, conversionRate(deps.market, currency, 'USD') ?? 0);
  const accounts = await userAccounts(deps.db, userId);
  const balance = accounts.reduce((sum, a) => sum + usd(a.balance, a.currency), 0);
  const frozen = accounts.reduce((sum, a) => sum + usd(a.frozen, a.currency), 0);

  const open = (await repo.openPositions(deps.db, { userId })).map((row) => toPosition(deps, row));
  const margin = open.reduce((sum, p) => sum + usd(Math.round(p.isolatedPosition * 100), p.currency), 0);
  const floating = open.reduce((sum, p) => sum + usd(Math.round(p.profit * 100), p.currency), 0);
  return { balance, frozen, margin, floating, total: Math.round(balance + margin + floating) };
}

export async function fundingOverview(deps: TradingDeps, userId: number): Promise<FundingOverview> {
  const usd = (minor: number, currency: string) => valueInMinor(minor, conversionRate(deps.market, currency, 'USD') ?? 0);
  const { balance, frozen, margin, floating, total } = await accountValueParts(deps, userId);

  const thisDate = zonedParts(deps.clock.now().getTime(), 'America/New_York').date;
  const dayStart = new Date(zonedToUtc(thisDate, 0, 'America/New_York'));
  const realised = await repo.realisedProfitSince(deps.db, userId, dayStart);
  const realisedToday = realised.reduce((sum, r) => sum + usd(Number(r.profit), r.currency), 0);

  return {
    thisDate,
    todayProfit: fromMinor(Math.round(realisedToday + floating)),
    totalAssets: fromMinor(total),
    available: fromMinor(Math.round(balance - frozen)),
    frozen: fromMinor(Math.round(frozen)),
    positionMargin: fromMinor(Math.round(margin)),
    floatingProfit: fromMinor(Math.round(floating)),
  };
}
