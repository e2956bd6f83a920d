import { type Locale, locales } from '@tradewind/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime as adminDateTime } from '../admin/lib/format';
import { DateFormat, formatDate, formatDateUtc, formatUtcDateTime, renderPattern } from './format-date';
import { intlLocale, setFormatLocale } from './format-locale';

/*
 * The time rule (issue 18, docs/languages.md): no screen shows a 12-hour hour without the
 * language's day-period marker beside it. Every pattern the app writes dates and times with is
 * rendered in the seven languages at morning and afternoon instants; a pattern whose afternoon hour
 * is not the 24-hour one is a 12-hour clock, and then every instant must carry its marker.
 */

afterEach(() => setFormatLocale('en'));

// Local wall-clock instants, so the expectations hold in any time zone: just after midnight, the
// morning, noon, the early afternoon (13 reads "01" on a bare 12-hour clock) and late evening.
const instants = [
  new Date(2026, 10, 26, 0, 30, 15),
  new Date(2026, 10, 26, 9, 5, 7),
  new Date(2026, 10, 26, 12, 0, 0),
  new Date(2026, 10, 26, 14, 31, 0),
  new Date(2026, 10, 26, 23, 45, 59),
];

/** What the language writes for morning or afternoon on its 12-hour clock ("PM", "nachm.", "下午"). */
function dayPeriod(date: Date, locale: Locale, utc: boolean): string {
  const parts = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', hourCycle: 'h12', ...(utc ? { timeZone: 'UTC' } : {}) }).formatToParts(date);
  return parts.find((part) => part.type === 'dayPeriod')?.value ?? '';
}

const periodWords: Record<string, string[]> = { en: ['AM', 'PM'] };

/**
 * The problems of one way of writing a time in one language, empty when it is unambiguous: either
 * the hour is the 24-hour one at every instant, or every instant shows its day-period marker.
 */
function ambiguousTimes(render: (date: Date) => string, locale: Locale, utc = false): string[] {
  const clockHour = (date: Date) => (utc ? date.getUTCHours() : date.getHours());
  const rendered = instants.map((date) => ({ date, text: render(date).replace(/[\u00a0\u202f]/g, ' ') }));
  const hourOf = (text: string) => {
    const match = /(\d{1,2}):\d{2}/.exec(text);
    return match ? Number(match[1]) : undefined;
  };
  const twelveHour = rendered.some(({ date, text }) => {
    const hour = hourOf(text);
    return hour !== undefined && hour !== clockHour(date);
  });
  if (!twelveHour) return [];
  return rendered
    .filter(({ date, text }) => {
      const marker = dayPeriod(date, locale, utc);
      const accepted = [marker, ...(periodWords[locale] ?? []).filter((word) => (clockHour(date) < 12 ? word === 'AM' : word === 'PM'))];
      return hourOf(text) !== undefined && !accepted.some((word) => word !== '' && text.includes(word));
    })
    .map(({ date, text }) => `${locale}: "${text}" at ${clockHour(date)}:${String(date.getMinutes()).padStart(2, '0')} has a 12-hour hour and no day-period marker`);
}

interface Formatter {
  render: (date: Date) => string;
  /** Written in UTC rather than the phone's zone: the 24-hour hour and the day period are UTC's. */
  utc?: boolean;
}

/** Every formatter the app shows a date or a time with. */
const formatters: Record<string, Formatter> = {
  ...Object.fromEntries(Object.entries(DateFormat).map(([name, pattern]) => [`formatDate ${name} (${pattern})`, { render: (date: Date) => formatDate(date, pattern) }])),
  ...Object.fromEntries(
    Object.entries(DateFormat).map(([name, pattern]) => [`formatDateUtc ${name} (${pattern})`, { render: (date: Date) => formatDateUtc(date, pattern), utc: true }]),
  ),
  'formatUtcDateTime (statement)': { render: (date) => formatUtcDateTime(date), utc: true },
  'admin formatDateTime': { render: (date) => adminDateTime(Math.floor(date.getTime() / 1000)) },
};

describe.each(locales)('times in %s', (locale) => {
  it.each(Object.keys(formatters))('%s never shows a 12-hour hour without its marker', (name) => {
    setFormatLocale(locale);
    const { render, utc } = formatters[name]!;
    expect(ambiguousTimes(render, locale, utc)).toEqual([]);
  });
});

describe('the time rule check', () => {
  it('catches the old SPEC patterns that wrote hh without A (14:31 read "02:31:00")', () => {
    const old = ambiguousTimes((date) => renderPattern(date, 'MM-DD-YYYY hh:mm:ss'), 'en');
    expect(old).toContain('en: "11-26-2026 02:31:00" at 14:31 has a 12-hour hour and no day-period marker');
    expect(ambiguousTimes((date) => renderPattern(date, 'hh:mm'), 'en')).toHaveLength(instants.length);
  });

  it('catches a 12-hour Intl time without its marker, and accepts it with the marker', () => {
    const bare = (date: Date) => {
      const parts = new Intl.DateTimeFormat('zh-TW', { hour: '2-digit', minute: '2-digit', hourCycle: 'h12' }).formatToParts(date);
      return parts.filter((part) => part.type !== 'dayPeriod').map((part) => part.value).join('');
    };
    expect(ambiguousTimes(bare, 'zh-TW').length).toBeGreaterThan(0);
    const marked = (date: Date) => new Intl.DateTimeFormat('zh-TW', { hour: '2-digit', minute: '2-digit', hourCycle: 'h12' }).format(date);
    expect(ambiguousTimes(marked, 'zh-TW')).toEqual([]);
  });

  it('accepts the 12-hour pattern that shows AM/PM, and the 24-hour ones', () => {
    expect(ambiguousTimes((date) => renderPattern(date, 'hh:mm:ss A'), 'en')).toEqual([]);
    expect(ambiguousTimes((date) => renderPattern(date, 'MM-DD-YYYY HH:mm:ss'), 'en')).toEqual([]);
  });

  it('writes the afternoon as 14 in English and keeps the marker where the language uses one', () => {
    const afternoon = instants[3]!;
    expect(formatDate(afternoon)).toBe('11-26-2026 14:31:00');
    expect(formatDate(afternoon, DateFormat.time)).toBe('14:31');
    expect(formatDate(afternoon, DateFormat.timeWithMeridiem)).toBe('02:31:00 PM');
    setFormatLocale('zh-TW');
    expect(formatDate(afternoon, DateFormat.timeWithMeridiem)).toContain('下午');
  });

  it('writes a time the product defines in UTC in UTC, and says so', () => {
    const utcAfternoon = new Date(Date.UTC(2026, 10, 26, 14, 36, 0));
    expect(formatDateUtc(utcAfternoon)).toBe('11-26-2026 14:36:00 UTC');
    setFormatLocale('de');
    expect(formatDateUtc(utcAfternoon).replace(/\u00a0/g, ' ')).toBe('26.11.2026, 14:36:00 UTC');
  });
});

// Every source file outside the formatter and the tests, to keep the formatter the only one.
const sources = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!./format-date.ts'], { query: '?raw', import: 'default', eager: true }),
);

describe('one time formatter', () => {
  it('no file writes a date or a time by hand (toLocale*String, Intl.DateTimeFormat, getHours)', () => {
    expect(sources.length).toBeGreaterThan(20);
    const adHoc = sources.flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) => /toLocale(Time|Date)?String\(|new Intl\.DateTimeFormat\(|\.getHours\(\)|\.getMinutes\(\)/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(adHoc).toEqual([]);
  });
});
