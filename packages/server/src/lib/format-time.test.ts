import { locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, translate } from '../i18n/messages.js';
import { formatInZone, formatMinuteOfDay, formatUtcMinute } from './format-time.js';

/*
 * The time rule on the server (issue 18): every time it writes for people is 24-hour, because none
 * of its texts carries an AM/PM marker. 14:31 UTC used to be at risk of reading "02:31".
 */
const afternoon = new Date('2026-11-26T14:31:05Z');
const midnight = new Date('2026-11-26T00:05:00Z');

describe('server time formatting', () => {
  it('writes the wallet bill time in the caller’s zone on the 24-hour clock', () => {
    expect(formatInZone(afternoon, 'UTC')).toBe('11-26-2026 14:31:05');
    expect(formatInZone(afternoon, 'America/New_York')).toBe('11-26-2026 09:31:05');
    expect(formatInZone(afternoon, 'Asia/Tokyo')).toBe('11-26-2026 23:31:05');
    // Midnight is 00, never 12 (a 12-hour clock) or 24 (hour12: false in some engines).
    expect(formatInZone(midnight, 'UTC')).toBe('11-26-2026 00:05:00');
  });

  it('writes notice times and plan times as 24-hour UTC', () => {
    expect(formatUtcMinute(afternoon)).toBe('2026-11-26 14:31');
    expect(formatUtcMinute(midnight)).toBe('2026-11-26 00:05');
    expect(formatMinuteOfDay(14 * 60 + 36)).toBe('14:36');
    expect(formatMinuteOfDay(0)).toBe('00:00');
  });

  it('every notice that prints a time says it is UTC, in all seven languages', () => {
    const timed = Object.keys(catalogs.en).filter((key) => catalogs.en[key as keyof typeof catalogs.en].includes('{time}'));
    expect(timed.length).toBeGreaterThan(0);
    for (const locale of locales) {
      for (const key of timed) {
        const text = translate(locale, key as keyof typeof catalogs.en, { time: formatUtcMinute(afternoon), device: 'd', ip: '1.2.3.4' });
        expect(text, `${locale} ${key}`).toContain('2026-11-26 14:31');
        expect(text, `${locale} ${key}`).toContain('UTC');
      }
    }
  });
});
