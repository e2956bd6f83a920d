import { describe, expect, it } from 'vitest';
import { nextRunAfter, runDateOf } from './schedule.js';

const at = (iso: string) => new Date(iso);
const next = (schedule: Parameters<typeof nextRunAfter>[0], after: string) => nextRunAfter(schedule, at(after)).toISOString();
const daily = (minute: number) => ({ frequency: 'daily' as const, minuteOfDay: minute, weekday: null, dayOfMonth: null });
const weekly = (weekday: number, minute: number) => ({ frequency: 'weekly' as const, minuteOfDay: minute, weekday, dayOfMonth: null });
const monthly = (day: number, minute: number) => ({ frequency: 'monthly' as const, minuteOfDay: minute, weekday: null, dayOfMonth: day });

describe('recurring schedule (UTC)', () => {
  it('daily: later today, else tomorrow; strictly after (a run at the very minute moves on)', () => {
    expect(next(daily(15 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-05T15:00:00.000Z');
    expect(next(daily(14 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-06T14:00:00.000Z');
    expect(next(daily(14 * 60 + 30), '2026-01-05T14:30:00Z')).toBe('2026-01-06T14:30:00.000Z');
    expect(next(daily(0), '2026-12-31T23:59:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('weekly: the next such weekday, this week when still ahead, else next week', () => {
    // 2026-01-05 is a Monday (1).
    expect(next(weekly(1, 15 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-05T15:00:00.000Z');
    expect(next(weekly(1, 14 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-12T14:00:00.000Z');
    expect(next(weekly(5, 9 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-09T09:00:00.000Z');
    expect(next(weekly(0, 9 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-11T09:00:00.000Z');
    // Across a month and a year.
    expect(next(weekly(3, 8 * 60), '2026-12-31T10:00:00Z')).toBe('2027-01-06T08:00:00.000Z');
  });

  it('monthly: the day of the month, or the last day of a shorter month (February, leap years, 30-day months)', () => {
    expect(next(monthly(31, 14 * 60), '2026-01-05T14:30:00Z')).toBe('2026-01-31T14:00:00.000Z');
    expect(next(monthly(31, 14 * 60), '2026-01-31T14:00:00Z')).toBe('2026-02-28T14:00:00.000Z');
    expect(next(monthly(31, 14 * 60), '2026-02-28T14:00:00Z')).toBe('2026-03-31T14:00:00.000Z');
    expect(next(monthly(31, 14 * 60), '2026-04-01T00:00:00Z')).toBe('2026-04-30T14:00:00.000Z');
    expect(next(monthly(30, 9 * 60), '2028-02-01T00:00:00Z')).toBe('2028-02-29T09:00:00.000Z');
    expect(next(monthly(29, 9 * 60), '2027-02-01T00:00:00Z')).toBe('2027-02-28T09:00:00.000Z');
    expect(next(monthly(1, 9 * 60), '2026-12-15T00:00:00Z')).toBe('2027-01-01T09:00:00.000Z');
    expect(next(monthly(15, 9 * 60), '2026-01-15T08:59:00Z')).toBe('2026-01-15T09:00:00.000Z');
  });

  it('names a run by its scheduled minute', () => {
    expect(runDateOf(at('2026-02-28T14:00:00Z'))).toBe('2026-02-28T14:00Z');
  });
});
