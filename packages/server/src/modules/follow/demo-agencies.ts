import { AssetSource } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { inTransaction } from '../ledger/index.js';
import type { InstrumentCatalog } from '../market/index.js';
import * as repo from './follow.repository.js';

/** Demo agencies a fresh install shows; their portfolios use large US stocks every symbol set quotes. */
const demoAgencies = [
  {
    seedKey: 'demo-tech-growth',
    name: 'Tidewater Tech Growth',
    strategy: 'Large US technology leaders with durable earnings growth: semiconductors, software and devices, held through the cycle.',
    feeBps: 150,
    termDays: 90,
    holdings: [
      { stockCode: 'NVDA', weightBps: 3500 },
      { stockCode: 'MSFT', weightBps: 2500 },
      { stockCode: 'AAPL', weightBps: 2500 },
      { stockCode: 'AMD', weightBps: 1500 },
    ],
  },
  {
    seedKey: 'demo-value-income',
    name: 'Keel Value & Income',
    strategy: 'Established US companies trading below their peers, weighted towards banks and industrials that pay dividends.',
    feeBps: 100,
    termDays: 180,
    holdings: [
      { stockCode: 'BAC', weightBps: 4000 },
      { stockCode: 'F', weightBps: 2500 },
      { stockCode: 'MSFT', weightBps: 2000 },
      { stockCode: 'AAPL', weightBps: 1500 },
    ],
  },
  {
    seedKey: 'demo-momentum',
    name: 'Gale Momentum',
    strategy: 'A concentrated basket of the US stocks with the strongest recent price trend; short term, higher risk.',
    feeBps: 200,
    termDays: 30,
    holdings: [
      { stockCode: 'TSLA', weightBps: 4000 },
      { stockCode: 'NVDA', weightBps: 3000 },
      { stockCode: 'AMD', weightBps: 3000 },
    ],
  },
];

/**
 * Seeds the demo agencies once (their seed key is unique, so restarts and several servers add
 * nothing); an agency whose stocks this server does not quote is left out.
 */
export async function seedDemoAgencies(db: Database, clock: Clock, catalog: InstrumentCatalog): Promise<void> {
  const now = clock.now();
  for (const { holdings, ...agency } of demoAgencies) {
    if (!holdings.every((h) => catalog.get(AssetSource.Stock, h.stockCode))) continue;
    await inTransaction(db, async (tx) => {
      const row = await repo.insertAgency(tx, { ...agency, active: true, createdAt: now, updatedAt: now });
      if (row) await repo.replaceHoldings(tx, row.id, holdings);
    });
  }
}
