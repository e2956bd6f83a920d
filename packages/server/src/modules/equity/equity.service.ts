import { equityRangeDays, valueInMinor, type EquityHistory, type EquityPoint, type EquityRange } from '@tradewind/contract';
import { addDays, conversionRate, zonedParts } from '../market/index.js';
import { accountValueParts, type TradingDeps } from '../trading/index.js';
import * as repo from './equity.repository.js';

/** The day of a snapshot is New York's, as the account's "today" (fundingOverview) is. */
export const SNAPSHOT_ZONE = 'America/New_York';
/** A snapshot taken at or after 16:00 New York (the US close) is the day's final one. */
export const CLOSE_MINUTES = 16 * 60;
const BATCH = 200;

export type EquityDeps = Pick<TradingDeps, 'db' | 'clock' | 'config' | 'market' | 'events' | 'notify'>;

function today(deps: EquityDeps): { day: string; afterClose: boolean } {
  const { date, minutes } = zonedParts(deps.clock.now().getTime(), SNAPSHOT_ZONE);
  return { day: date, afterClose: minutes >= CLOSE_MINUTES };
}

/** The account's value now and its external flows so far, both in USD minor units at today's rates. */
export async function liveEquity(deps: EquityDeps, userId: number): Promise<{ value: number; netDeposits: number }> {
  const { total } = await accountValueParts(deps, userId);
  const flows = await repo.netDepositsByCurrency(deps.db, userId);
  const netDeposits = flows.reduce((sum, f) => sum + valueInMinor(f.amount, conversionRate(deps.market, f.currency, 'USD') ?? 0), 0);
  return { value: total, netDeposits };
}

/**
 * One pass of the daily snapshot: every user with a wallet gets today's snapshot if it is missing,
 * and after the close a provisional one becomes final. Safe to repeat and to run on a new leader
 * (the table's key and saveSnapshot's rule make a second write a no-op). Returns how many it wrote.
 */
export async function takeSnapshots(deps: EquityDeps): Promise<number> {
  const { day, afterClose } = today(deps);
  let written = 0;
  for (;;) {
    const due = await repo.usersDue(deps.db, day, afterClose, BATCH);
    for (const userId of due) {
      const { value, netDeposits } = await liveEquity(deps, userId);
      if (await repo.saveSnapshot(deps.db, { userId, day, value, netDeposits, final: afterClose, takenAt: deps.clock.now() })) written++;
    }
    if (due.length < BATCH) return written;
  }
}

/**
 * The account value over a range: the stored snapshots of the days before today, then today's live
 * value. Net deposits and P&L are measured from the first point: P&L = value change − net deposits.
 */
export async function equityHistory(deps: EquityDeps, userId: number, range: EquityRange): Promise<EquityHistory> {
  const { day } = today(deps);
  const fromDay = range === 'ALL' ? null : addDays(day, -equityRangeDays[range]);
  const stored = await repo.snapshots(deps.db, userId, fromDay, day);
  const live = await liveEquity(deps, userId);
  const raw = [
    ...stored.map((s) => ({ day: s.day, value: s.value, netDeposits: s.netDeposits, live: false })),
    { day, value: live.value, netDeposits: live.netDeposits, live: true },
  ];
  const first = raw[0]!;
  const points: EquityPoint[] = raw.map((p) => {
    const netDepositsMinor = p.netDeposits - first.netDeposits;
    return { day: p.day, valueMinor: p.value, netDepositsMinor, pnlMinor: p.value - first.value - netDepositsMinor, live: p.live };
  });
  const last = points.at(-1)!;
  return { range, currency: 'USD', points, changeMinor: last.valueMinor - first.value, netDepositsMinor: last.netDepositsMinor, pnlMinor: last.pnlMinor };
}
