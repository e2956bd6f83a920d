import { describe, expect, it } from 'vitest';
import { DateFormat, formatDate, toDate } from './format-date';

// Built from local fields so the expectations hold in any time zone.
const afternoon = new Date(2024, 0, 5, 13, 4, 9);
const seconds = Math.floor(afternoon.getTime() / 1000);

describe('toDate', () => {
  it('cuts a digit string to 10 characters and reads seconds', () => {
    expect(toDate(String(seconds))?.getTime()).toBe(afternoon.getTime());
    expect(toDate(String(afternoon.getTime()))?.getTime()).toBe(afternoon.getTime());
    expect(toDate(`${seconds}123456`)?.getTime()).toBe(afternoon.getTime());
  });

  it('reads numbers the same way as digit strings', () => {
    expect(toDate(seconds)?.getTime()).toBe(afternoon.getTime());
    expect(toDate(afternoon.getTime())?.getTime()).toBe(afternoon.getTime());
  });

  it('gives undefined for empty or unreadable input', () => {
    expect(toDate(undefined)).toBeUndefined();
    expect(toDate('')).toBeUndefined();
    expect(toDate('not a date')).toBeUndefined();
  });
});

describe('formatDate', () => {
  it('formats MM-DD-YYYY HH:mm:ss by default (24-hour: no marker is shown)', () => {
    expect(formatDate(seconds)).toBe('01-05-2024 13:04:09');
  });

  it('formats MM/DD/YYYY', () => {
    expect(formatDate(seconds, DateFormat.date)).toBe('01/05/2024');
  });

  it('formats HH:mm and HH:mm:ss', () => {
    expect(formatDate(seconds, DateFormat.time)).toBe('13:04');
    expect(formatDate(seconds, DateFormat.timeWithSeconds)).toBe('13:04:09');
  });

  it('formats hh:mm:ss A with the meridiem', () => {
    expect(formatDate(seconds, DateFormat.timeWithMeridiem)).toBe('01:04:09 PM');
    const morning = new Date(2024, 6, 1, 0, 30, 0);
    expect(formatDate(morning, DateFormat.timeWithMeridiem)).toBe('12:30:00 AM');
  });

  it('gives an empty string for unreadable input', () => {
    expect(formatDate('garbage')).toBe('');
  });
});
