import { formatLocale, intlLocale } from './format-locale';

/**
 * The display formats of SPEC §9 (dayjs-style tokens: HH is the 24-hour clock, hh the 12-hour clock,
 * A is AM/PM), and the only way the app writes a date or a time (docs/languages.md, the time rule).
 * SPEC writes `MM-DD-YYYY hh:mm:ss` and `hh:mm`, but an `hh` with no `A` beside it reads 14:31 as
 * "02:31": wherever no day-period marker is shown the hour is `HH` (issue 18). They are the English
 * (default) forms; every other language writes the same fields in its own order and separators
 * through Intl (below), in the phone's time zone.
 */
export const DateFormat = {
  dateTime: 'MM-DD-YYYY HH:mm:ss',
  date: 'MM/DD/YYYY',
  time: 'HH:mm',
  /** A price's or a valuation's time of day ("as of 14:31:05"). */
  timeWithSeconds: 'HH:mm:ss',
  timeWithMeridiem: 'hh:mm:ss A',
  /** The chart's crosshair on intraday bars. */
  dayTime: 'MM/DD/YYYY HH:mm',
  /** The chart's axis: a day of the month, a month. */
  monthDay: 'MM/DD',
  monthYear: 'MM/YY',
} as const;
export type DateFormat = (typeof DateFormat)[keyof typeof DateFormat];

export type TimestampInput = number | string | Date | null | undefined;

/**
 * Reads a timestamp the way SPEC §9 asks: a digit string is cut to its first 10 characters and
 * read as seconds, so both second and millisecond stamps land on the same second. Numbers are
 * treated the same way for the same reason; any other string is left to the Date parser.
 */
export function toDate(input: TimestampInput): Date | undefined {
  if (input === null || input === undefined || input === '') return undefined;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? undefined : input;
  const text = typeof input === 'number' ? String(Math.trunc(input)) : input.trim();
  if (/^\d+$/.test(text)) return new Date(Number(text.slice(0, 10)) * 1000);
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The same fields as each SPEC pattern, for Intl: date and time with seconds, the date, hours and
 * minutes, and a time with the language's own way of telling morning from afternoon. The first
 * three use the 24-hour clock (an unmarked 12-hour "01:04" reads wrong in every one of these
 * languages); the meridiem format keeps the language's own clock: 12-hour with its marker where the
 * language uses one (zh-TW 下午01:04:09, hi 01:04:09 pm), 24-hour where it does not (de, ja, th).
 */
const intlOptions: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  [DateFormat.dateTime]: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  [DateFormat.date]: { year: 'numeric', month: '2-digit', day: '2-digit' },
  [DateFormat.time]: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  [DateFormat.timeWithSeconds]: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  [DateFormat.timeWithMeridiem]: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  [DateFormat.dayTime]: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  [DateFormat.monthDay]: { month: '2-digit', day: '2-digit' },
  [DateFormat.monthYear]: { month: '2-digit', year: '2-digit' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function localDateFormat(format: DateFormat, utc = false): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${locale}|${format}|${utc ? 'utc' : 'local'}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...intlOptions[format], ...(utc ? { timeZone: 'UTC' } : {}) });
    dateFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * Writes a dayjs-style pattern token by token, exactly as given, `hh` included: `formatDate` only
 * hands it patterns that pass `unambiguousPattern`; the time test uses it to show that the old SPEC
 * pattern (`hh` alone) is caught.
 */
export function renderPattern(date: Date, pattern: string, { utc = false }: { utc?: boolean } = {}): string {
  const hours = utc ? date.getUTCHours() : date.getHours();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const tokens: Record<string, string> = {
    YYYY: String(year),
    YY: String(year).slice(2),
    MM: pad((utc ? date.getUTCMonth() : date.getMonth()) + 1),
    DD: pad(utc ? date.getUTCDate() : date.getDate()),
    HH: pad(hours),
    hh: pad(hours % 12 === 0 ? 12 : hours % 12),
    mm: pad(utc ? date.getUTCMinutes() : date.getMinutes()),
    ss: pad(utc ? date.getUTCSeconds() : date.getSeconds()),
    A: hours < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/YYYY|YY|MM|DD|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token);
}

/** The time rule: a 12-hour `hh` is kept only beside its AM/PM marker `A`; alone it becomes `HH`. */
export function unambiguousPattern(pattern: string): string {
  return pattern.includes('A') ? pattern : pattern.replace(/hh/g, 'HH');
}

/**
 * Formats in local time: SPEC §9's patterns in English, the language's own date order elsewhere
 * (de 05.01.2024 13:04:09, ja 2024/01/05 13:04:09). An unreadable input gives an empty string
 * rather than "Invalid Date".
 */
export function formatDate(input: TimestampInput, format: DateFormat = DateFormat.dateTime): string {
  const date = toDate(input);
  if (!date) return '';
  if (formatLocale() !== 'en') return localDateFormat(format).format(date);
  return renderPattern(date, unambiguousPattern(format));
}

/**
 * The same patterns in UTC, marked so ("11-26-2026 14:36:00 UTC"): for times the product defines in
 * UTC, such as a recurring plan's runs ("Every day at 14:36 UTC"), so they never sit beside a local time.
 */
export function formatDateUtc(input: TimestampInput, format: DateFormat = DateFormat.dateTime): string {
  const date = toDate(input);
  if (!date) return '';
  const text = formatLocale() !== 'en' ? localDateFormat(format, true).format(date) : renderPattern(date, unambiguousPattern(format), { utc: true });
  return `${text} UTC`;
}

/**
 * An instant written as a record in UTC, the same in every language and on every phone:
 * `2026-01-05 14:30:00 UTC` (the statement, whose figures are UTC days).
 */
export function formatUtcDateTime(input: TimestampInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
