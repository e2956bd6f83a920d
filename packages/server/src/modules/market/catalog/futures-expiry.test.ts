import { describe, expect, it } from 'vitest';
import { lastTradeDate, upcomingContracts } from './futures-expiry.js';
import { isWeekend } from '../calendar/zoned-time.js';

const holidays = new Set(['2026-11-26', '2026-12-25', '2027-01-01']);
const business = (date: string) => !isWeekend(date) && !holidays.has(date);

describe('last trade dates', () => {
  it('COMEX gold: third-last business day of the contract month', () => {
    expect(lastTradeDate('third-last-business-day', 2026, 12, business)).toBe('2026-12-29');
  });

  it('CBOT corn: the business day before the 15th', () => {
    expect(lastTradeDate('business-day-before-15th', 2027, 3, business)).toBe('2027-03-12');
  });

  it('NYMEX crude: 3 business days before the 25th of the prior month, counted from the day before a holiday 25th', () => {
    expect(lastTradeDate('crude-oil', 2027, 1, business)).toBe('2026-12-21');
    expect(lastTradeDate('crude-oil', 2026, 12, business)).toBe('2026-11-20');
  });

  it('natural gas: third-last business day of the prior month', () => {
    expect(lastTradeDate('third-last-business-day-prior-month', 2027, 1, business)).toBe('2026-12-29');
  });
});

describe('upcoming contracts', () => {
  it('lists listed months only, front month first, skipping expired ones', () => {
    const gold = upcomingContracts('GC', 'GJMQVZ', 'third-last-business-day', '2026-11-23', 3, business);
    expect(gold.map((c) => c.code)).toEqual(['GCZ26', 'GCG27', 'GCJ27']);
    const afterExpiry = upcomingContracts('GC', 'GJMQVZ', 'third-last-business-day', '2026-12-30', 1, business);
    expect(afterExpiry[0]?.code).toBe('GCG27');
  });
});
