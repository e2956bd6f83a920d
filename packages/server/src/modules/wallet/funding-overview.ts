import { fromMinor, type FundingOverview } from '@tradewind/contract';
import * as ledgerRepo from '../ledger/ledger.repository.js';
import { conversionRate } from '../market/fx-rates.js';
import { zonedParts } from '../market/zoned-time.js';
import type { WalletDeps } from './wallet.service.js';

/**
 * The account screen's totals in USD. Positions (margin and floating profit) join these once the
 * brokerage engine holds them; until then they are zero and today's profit is the realised part.
 */
export async function fundingOverview(deps: WalletDeps, userId: number): Promise<FundingOverview> {
  const accounts = await ledgerRepo.userAccounts(deps.db, userId);
  const usd = (minor: number, currency: string) => minor * (conversionRate(deps.market, currency, 'USD') ?? 0);
  const balance = accounts.reduce((sum, a) => sum + usd(a.balance, a.currency), 0);
  const frozen = accounts.reduce((sum, a) => sum + usd(a.frozen, a.currency), 0);
  return {
    thisDate: zonedParts(deps.clock.now().getTime(), 'America/New_York').date,
    todayProfit: 0,
    totalAssets: fromMinor(Math.round(balance)),
    available: fromMinor(Math.round(balance - frozen)),
    frozen: fromMinor(Math.round(frozen)),
    positionMargin: 0,
    floatingProfit: 0,
  };
}
