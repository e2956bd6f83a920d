import type { BacktestResult } from '@tradewind/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { BacktestResultCard } from './backtest-result';

/** Seconds of a local wall-clock time, so the expectations hold in any time zone. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 0, day, hour, minute).getTime() / 1000;

// A grid: two entries, then the later entry (#2) closes before the earlier one (#1).
const result: BacktestResult = {
  strategy: 'grid',
  stockCode: 'AAPL',
  interval: '30m',
  bars: 200,
  fromTimestamp: at(1, 9, 0),
  toTimestamp: at(9, 16, 0),
  trades: [
    { time: at(2, 10, 0), side: 'buy', price: 99, quantity: 10, fee: 1, roundTrip: 1, entryPrice: null, entryTime: null, profit: null },
    { time: at(3, 11, 0), side: 'buy', price: 94, quantity: 10, fee: 1, roundTrip: 2, entryPrice: null, entryTime: null, profit: null },
    { time: at(5, 14, 30), side: 'sell', price: 100, quantity: 10, fee: 1, roundTrip: 2, entryPrice: 94, entryTime: at(3, 11, 0), profit: 58 },
    { time: at(6, 15, 0), side: 'sell', price: 98, quantity: 10, fee: 1, roundTrip: 1, entryPrice: 99, entryTime: at(2, 10, 0), profit: -12 },
  ],
  finalPnl: 46,
  returnPercent: 1.53,
  maxDrawdown: 12,
  maxDrawdownPercent: 0.4,
  currency: 'USD',
};

const rows = (name = 'Backtest trades') => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('backtest result', () => {
  it('lists trades oldest first with date and time, and puts each round trip’s P&L on the exit that closes it', () => {
    render(<BacktestResultCard result={result} />);
    const list = rows();
    expect(list.map((row) => row.getAttribute('aria-label'))).toEqual(['Round trip 1', 'Round trip 2', 'Round trip 2', 'Round trip 1']);
    expect(list.map((row) => row.querySelector('time')?.textContent)).toEqual(['01/02/2026 10:00', '01/03/2026 11:00', '01/05/2026 14:30', '01/06/2026 15:00']);
    expect(within(list[0] as HTMLElement).getByText('#1')).toBeTruthy();
    // Entries carry no P&L; each exit carries its pair's, naming the entry it closes.
    expect(within(list[0] as HTMLElement).queryByTestId('round-trip-pnl')).toBeNull();
    expect(within(list[1] as HTMLElement).queryByTestId('round-trip-pnl')).toBeNull();
    expect(within(list[2] as HTMLElement).getByTestId('round-trip-pnl').textContent).toBe('Round trip #2 P&L (in at 94.00)+$58.00');
    expect(within(list[3] as HTMLElement).getByTestId('round-trip-pnl').textContent).toBe('Round trip #1 P&L (in at 99.00)-$12.00');
    expect(screen.getByText(/^Oldest first\./)).toBeTruthy();
  });

  it('writes dates, times and money the reader’s way', async () => {
    await i18n.changeLanguage('de');
    render(<BacktestResultCard result={result} />);
    const list = rows('Backtest-Trades');
    expect(list[2]?.querySelector('time')?.textContent).toBe('05.01.2026, 14:30');
    expect(within(list[2] as HTMLElement).getByTestId('round-trip-pnl').textContent).toBe('Ergebnis Handelspaar #2 (Einstieg 94,00)+58,00\u00a0$');
  });
});
