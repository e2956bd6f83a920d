/**
 * Wall-clock arithmetic in a named time zone with only `Intl` (no library), enough for exchange
 * sessions: dates are `YYYY-MM-DD` strings, times are minutes after local midnight.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  date: string;
  /** Minutes after local midnight, with seconds as a fraction. */
  minutes: number;
}

export function zonedParts(utcMs: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(utcMs))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60,
  };
}

function offsetMs(utcMs: number, timeZone: string): number {
  const { date, minutes } = zonedParts(utcMs, timeZone);
  const asUtc = Date.parse(`${date}T00:00:00Z`) + Math.round(minutes * 60) * 1000;
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant of a local wall-clock time; for a time skipped by DST the later offset wins. */
export function zonedToUtc(date: string, minutes: number, timeZone: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = naive - offsetMs(naive, timeZone);
  return naive - offsetMs(first, timeZone);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}
