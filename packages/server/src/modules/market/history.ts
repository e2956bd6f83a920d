import { latestSession, previousSession, type Session } from './calendar.js';
import { aggregate, barStart, intervals, sessionsKept, type Bar, type Interval } from './bars.js';
import type { Instrument } from './instruments.js';
import { seededRandom } from './random.js';
import { PriceWalk, applyDailyLimit, modelFor, roundTo } from './simulator.js';

export interface History {
  bars: Record<Interval, Bar[]>;
  price: number;
  previousClose: number;
  sessionDate: string;
}

export interface HistoryOptions {
  seed: string | number;
  nowMs: number;
  /** Calendar days of daily bars. */
  days: number;
  /** Most recent sessions simulated minute by minute (feeding the intraday, 1D and 1W charts). */
  intradaySessions: number;
}

/**
 * Back history for an instrument that has none: coarse daily walks for the year, then the last
 * sessions minute by minute up to now, aggregated into every interval the charts read.
 */
export function generateHistory(instrument: Instrument, options: HistoryOptions): History {
  const calendar = instrument.calendar;
  const sessions: Session[] = [];
  const earliest = options.nowMs - options.days * 86_400_000;
  for (let s = latestSession(calendar, options.nowMs); s.open >= earliest; s = previousSession(calendar, s)) sessions.push(s);
  sessions.reverse();

  const model = modelFor(instrument, options.seed);
  const rng = seededRandom(options.seed, instrument.key, 'history');
  const walk = new PriceWalk(instrument, model, rng, instrument.referencePrice, instrument.referencePrice, null);
  const daily: Bar[] = [];
  const minutes: Bar[] = [];
  const detailedFrom = Math.max(0, sessions.length - options.intradaySessions);

  sessions.forEach((session, index) => {
    if (index < detailedFrom) daily.push(coarseDay(walk, session));
    else minutes.push(...minuteBars(walk, session, Math.min(session.close, options.nowMs), () => rng.normal()));
  });

  const sessionOf = new Map(sessions.map((s) => [s.date, s]));
  const fold = (interval: Interval) =>
    aggregate(minutes, (bar) => barStart(interval, bar.t * 1000, sessionOf.get(bar.d)?.open ?? bar.t * 1000, bar.d));
  const bars = {
    '1m': minutes,
    '5m': fold('5m'),
    '30m': fold('30m'),
    '1d': [...daily, ...fold('1d')],
  } satisfies Record<Interval, Bar[]>;
  for (const interval of intervals) bars[interval] = keepRecentSessions(bars[interval], sessionsKept[interval]);
  return { bars, price: walk.price, previousClose: walk.previousClose, sessionDate: sessions.at(-1)?.date ?? '' };
}

function coarseDay(walk: PriceWalk, session: Session): Bar {
  const steps = 8;
  const seconds = (session.close - session.open) / 1000 / steps;
  const open = walk.step(session, 1);
  let high = open;
  let low = open;
  for (let i = 0; i < steps; i++) {
    const price = walk.step(session, seconds);
    high = Math.max(high, price);
    low = Math.min(low, price);
  }
  const volume = walk.volumeFor(session, session.open + (session.close - session.open) / 2, (session.close - session.open) / 1000 / 1.02);
  return { t: Date.parse(`${session.date}T00:00:00Z`) / 1000, d: session.date, open, high, low, close: walk.price, volume };
}

function minuteBars(walk: PriceWalk, session: Session, untilMs: number, normal: () => number): Bar[] {
  const bars: Bar[] = [];
  for (let t = session.open; t + 60_000 <= untilMs || (t < untilMs && bars.length === 0); t += 60_000) {
    const open = walk.sessionDate === session.date ? walk.price : walk.step(session, 1);
    const close = walk.step(session, 60);
    const wiggle = open * walk.model.volatility * 0.0015;
    const high = roundTo(Math.max(open, close) + Math.abs(normal()) * wiggle, walk.instrument.precision);
    const low = roundTo(Math.max(Math.min(open, close) - Math.abs(normal()) * wiggle, 10 ** -walk.instrument.precision), walk.instrument.precision);
    const limit = (price: number) => applyDailyLimit(walk.instrument, price, walk.previousClose);
    bars.push({
      t: t / 1000,
      d: session.date,
      open,
      high: limit(Math.max(high, open, close)),
      low: limit(Math.min(low, open, close)),
      close,
      volume: walk.volumeFor(session, t, 60),
    });
  }
  return bars;
}

/** Keeps the bars of the last `count` distinct trading dates. */
export function keepRecentSessions(bars: Bar[], count: number): Bar[] {
  let seen = 0;
  let last: string | null = null;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i] as Bar;
    if (bar.d !== last) {
      seen++;
      last = bar.d;
      if (seen > count) return bars.slice(i + 1);
    }
  }
  return bars;
}
