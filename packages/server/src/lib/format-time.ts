/**
 * The server's one way of writing a time for people (wallet bills, notices, plan times): always the
 * 24-hour clock, since none of these texts carries an AM/PM marker (issue 18, docs/languages.md).
 * A 12-hour `hh` without a marker read 14:31 as "02:31".
 */

const pad = (n: number) => String(n).padStart(2, '0');

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    // h23, not hour12: false, which writes midnight as "24" in some engines.
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** SPEC §9's `MM-DD-YYYY HH:mm:ss` in the caller's IANA time zone (the wallet bill's `createTime`). */
export function formatInZone(date: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of zoneFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD HH:mm` in UTC, for notice texts that say "(UTC)" after it. */
export function formatUtcMinute(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** A minute of the day as `HH:mm` (a recurring plan's time, UTC). */
export function formatMinuteOfDay(minuteOfDay: number): string {
  return `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}
