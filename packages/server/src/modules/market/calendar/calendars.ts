import { MarketType } from '@tradewind/contract';
import type { TradingCalendar } from './calendar.js';

/** The calendars the instrument master assigns: one per market, and one per index exchange's hours. */
export interface Calendars {
  us: TradingCalendar;
  tw: TradingCalendar;
  futures: TradingCalendar;
  forex: TradingCalendar;
  index(code: string, region: string): TradingCalendar;
}

/** Local trading hours of each index's home exchange; indices not listed use their region's default. */
const indexHours: Record<string, { timeZone: string; open: number; close: number; holidays: 'US' | 'TW' | 'none' }> = {
  FTSE: { timeZone: 'Europe/London', open: 480, close: 990, holidays: 'none' },
  GDAXI: { timeZone: 'Europe/Berlin', open: 540, close: 1050, holidays: 'none' },
  FCHI: { timeZone: 'Europe/Paris', open: 540, close: 1050, holidays: 'none' },
  STOXX50E: { timeZone: 'Europe/Berlin', open: 540, close: 1050, holidays: 'none' },
  N225: { timeZone: 'Asia/Tokyo', open: 540, close: 930, holidays: 'none' },
  HSI: { timeZone: 'Asia/Hong_Kong', open: 570, close: 960, holidays: 'none' },
  '000001.SS': { timeZone: 'Asia/Shanghai', open: 570, close: 900, holidays: 'none' },
  KS11: { timeZone: 'Asia/Seoul', open: 540, close: 930, holidays: 'none' },
  TWII: { timeZone: 'Asia/Taipei', open: 540, close: 810, holidays: 'TW' },
  BSESN: { timeZone: 'Asia/Kolkata', open: 555, close: 930, holidays: 'none' },
  NSEI: { timeZone: 'Asia/Kolkata', open: 555, close: 930, holidays: 'none' },
  AXJO: { timeZone: 'Australia/Sydney', open: 600, close: 960, holidays: 'none' },
  GSPTSE: { timeZone: 'America/Toronto', open: 570, close: 960, holidays: 'none' },
  BVSP: { timeZone: 'America/Sao_Paulo', open: 600, close: 1020, holidays: 'none' },
};

export function buildCalendars(holidays: Map<string, Map<string, string>>, alwaysOpen: boolean): Calendars {
  const none = new Map<string, string>();
  const us = holidays.get('US') ?? none;
  const tw = holidays.get('TW') ?? none;
  const make = (id: string, marketType: MarketType, timeZone: string, openMinutes: number, closeMinutes: number, days: ReadonlyMap<string, string>) =>
    ({ id, marketType, timeZone, openMinutes, closeMinutes, holidays: days, alwaysOpen }) satisfies TradingCalendar;
  const cache = new Map<string, TradingCalendar>();
  return {
    us: make('US', MarketType.US, 'America/New_York', 570, 960, us),
    tw: make('TW', MarketType.TW, 'Asia/Taipei', 540, 810, tw),
    // CME Globex: 17:00 Central the evening before to 16:00 Central.
    futures: make('FUTURES', MarketType.Futures, 'America/Chicago', -420, 960, us),
    // Forex trades around the clock from Sunday 17:00 New York to Friday 17:00 New York.
    forex: make('FOREX', MarketType.Forex, 'America/New_York', -420, 1020, none),
    index(code, region) {
      const hours = indexHours[code] ?? (region === 'Americas' ? { timeZone: 'America/New_York', open: 570, close: 960, holidays: 'US' as const } : undefined);
      const spec = hours ?? { timeZone: region === 'Europe' ? 'Europe/London' : 'Asia/Tokyo', open: 540, close: 930, holidays: 'none' as const };
      const id = `INDEX:${spec.timeZone}:${spec.open}-${spec.close}:${spec.holidays}`;
      let calendar = cache.get(id);
      if (!calendar) {
        const days = spec.holidays === 'US' ? us : spec.holidays === 'TW' ? tw : none;
        calendar = make(id, MarketType.Index, spec.timeZone, spec.open, spec.close, days);
        cache.set(id, calendar);
      }
      return calendar;
    },
  };
}
