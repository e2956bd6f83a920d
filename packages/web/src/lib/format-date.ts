/** The four display formats of SPEC §9 (dayjs-style tokens: hh is the 12-hour clock, A is AM/PM). */
export const DateFormat = {
  dateTime: 'MM-DD-YYYY hh:mm:ss',
  date: 'MM/DD/YYYY',
  time: 'hh:mm',
  timeWithMeridiem: 'hh:mm:ss A',
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

/** Formats in local time; an unreadable input gives an empty string rather than "Invalid Date". */
export function formatDate(input: TimestampInput, format: DateFormat = DateFormat.dateTime): string {
  const date = toDate(input);
  if (!date) return '';
  const hours = date.getHours();
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(hours),
    hh: pad(hours % 12 === 0 ? 12 : hours % 12),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
    A: hours < 12 ? 'AM' : 'PM',
  };
  return format.replace(/YYYY|MM|DD|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token);
}
