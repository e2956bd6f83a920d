import type { MarketType } from '@tradewind/contract';
import { addDays, isWeekend, zonedParts, zonedToUtc } from './zoned-time.js';

/**
 * A trading calendar: which dates trade and when each session opens and closes.
 * A session may open on the previous evening (futures, forex); it then belongs to the date it closes on.
 */
export interface TradingCalendar {
  id: string;
  marketType: MarketType;
  timeZone: string;
  /** Minutes after local midnight; negative means the evening before. */
  openMinutes: number;
  closeMinutes: number;
  holidays: ReadonlyMap<string, string>;
  /** Demo setting: every instant is in session and every date trades. */
  alwaysOpen: boolean;
}

export interface Session {
  date: string;
  open: number;
  close: number;
}

export function holidayName(calendar: TradingCalendar, date: string): string | null {
  if (calendar.alwaysOpen) return null;
  return calendar.holidays.get(date) ?? (isWeekend(date) ? 'Weekend' : null);
}

export function isTradingDate(calendar: TradingCalendar, date: string): boolean {
  return holidayName(calendar, date) === null;
}

// Time-zone arithmetic through Intl is slow next to a tick, and calendars never change: memoise.
const sessionCache = new WeakMap<TradingCalendar, Map<string, Session | null>>();
const lastFound = new WeakMap<TradingCalendar, Session>();

/** Open and close of a date's session in UTC ms; null when the date does not trade. */
export function sessionOf(calendar: TradingCalendar, date: string): Session | null {
  let cache = sessionCache.get(calendar);
  if (!cache) {
    cache = new Map();
    sessionCache.set(calendar, cache);
  }
  let session = cache.get(date);
  if (session === undefined) {
    session = computeSession(calendar, date);
    cache.set(date, session);
  }
  return session;
}

function computeSession(calendar: TradingCalendar, date: string): Session | null {
  if (calendar.alwaysOpen) {
    return { date, open: zonedToUtc(date, 0, calendar.timeZone), close: zonedToUtc(addDays(date, 1), 0, calendar.timeZone) };
  }
  if (!isTradingDate(calendar, date)) return null;
  const open =
    calendar.openMinutes < 0
      ? zonedToUtc(addDays(date, -1), calendar.openMinutes + 1440, calendar.timeZone)
      : zonedToUtc(date, calendar.openMinutes, calendar.timeZone);
  return { date, open, close: zonedToUtc(date, calendar.closeMinutes, calendar.timeZone) };
}

/** The session containing the instant, or null between sessions. */
export function sessionAt(calendar: TradingCalendar, utcMs: number): Session | null {
  const recent = lastFound.get(calendar);
  if (recent && utcMs >= recent.open && utcMs < recent.close) return recent;
  const local = zonedParts(utcMs, calendar.timeZone).date;
  for (const date of [local, addDays(local, 1)]) {
    const session = sessionOf(calendar, date);
    if (session && utcMs >= session.open && utcMs < session.close) {
      lastFound.set(calendar, session);
      return session;
    }
  }
  return null;
}

export function isOpenAt(calendar: TradingCalendar, utcMs: number): boolean {
  return sessionAt(calendar, utcMs) !== null;
}

/** The first session that has not closed yet at the instant (the current one when open). */
export function currentOrNextSession(calendar: TradingCalendar, utcMs: number): Session {
  let date = addDays(zonedParts(utcMs, calendar.timeZone).date, -1);
  for (let i = 0; i < 30; i++, date = addDays(date, 1)) {
    const session = sessionOf(calendar, date);
    if (session && session.close > utcMs) return session;
  }
  throw new Error(`calendar ${calendar.id} has no session within 30 days of ${new Date(utcMs).toISOString()}`);
}

/** The latest session that has opened at the instant (the current one when open, else the last closed). */
export function latestSession(calendar: TradingCalendar, utcMs: number): Session {
  let date = addDays(zonedParts(utcMs, calendar.timeZone).date, 1);
  for (let i = 0; i < 30; i++, date = addDays(date, -1)) {
    const session = sessionOf(calendar, date);
    if (session && session.open <= utcMs) return session;
  }
  throw new Error(`calendar ${calendar.id} has no session within 30 days before ${new Date(utcMs).toISOString()}`);
}

export function previousSession(calendar: TradingCalendar, session: Session): Session {
  return latestSession(calendar, session.open - 1);
}

/** The `count` sessions ending with the latest one at the instant, oldest first. */
export function recentSessions(calendar: TradingCalendar, utcMs: number, count: number): Session[] {
  const sessions: Session[] = [];
  let session = latestSession(calendar, utcMs);
  while (sessions.length < count) {
    sessions.push(session);
    session = previousSession(calendar, session);
  }
  return sessions.reverse();
}

/** Business days for futures expiry rules: weekdays that are not holidays of the calendar. */
export function isBusinessDay(calendar: TradingCalendar, date: string): boolean {
  return !isWeekend(date) && !calendar.holidays.has(date);
}
