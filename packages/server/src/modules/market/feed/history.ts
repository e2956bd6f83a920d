import { latestSession, previousSession, type Session, type TradingCalendar } from '../calendar/calendar.js';
import { aggregate, barStart, intervals, recentSessions, sessionsKept, type Bar, type Interval } from './bars.js';
import type { Instrument } from '../catalog/instruments.js';
import { seededRandom } from './random.js';
import { PriceWalk, applyDailyLimit, modelFor, onPriceGrid, roundTo } from './simulator.js';

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
  /** Most recent sessions simulated in detail (feeding the intraday, 1D and 1W charts). */
  intradaySessions: number;
}

/**
 * Back history for an instrument that has none, ending at its reference price: coarse daily walks for the year, five-minute
 * steps for the recent sessions and one-minute steps for the latest one up to now, aggregated
 * into every interval the charts read.
 */
export function generateHistory(instrument: Instrument, options: HistoryOptions): History {
  const sessions = sessionsSince(instrument.calendar, options.nowMs, options.days);

  const model = modelFor(instrument, options.seed);
  const rng = seededRandom(options.seed, instrument.key, 'history');
  const normal = () => rng.normal();
  const walk = new PriceWalk(instrument, model, rng, instrument.referencePrice, instrument.referencePrice, null);
  const daily: Bar[] = [];
  const fiveMinutes: Bar[] = [];
  let minutes: Bar[] = [];
  const detailedFrom = Math.max(0, sessions.length - options.intradaySessions);

  sessions.forEach((session, index) => {
    const until = Math.min(session.close, options.nowMs);
    if (index < detailedFrom) daily.push(coarseDay(walk, session));
    else if (index < sessions.length - 1) fiveMinutes.push(...stepBars(walk, session, until, 300, normal));
    else minutes = stepBars(walk, session, until, 60, normal);
  });

  const opens = new Map(sessions.map((s) => [s.date, s.open]));
  const fold = (bars: readonly Bar[], interval: Interval) =>
    aggregate(bars, (bar) => barStart(interval, bar.t * 1000, opens.get(bar.d) ?? bar.t * 1000, bar.d));
  const allFive = [...fiveMinutes, ...fold(minutes, '5m')];
  const bars = {
    '1m': minutes,
    '5m': allFive,
    '30m': fold(allFive, '30m'),
    '1d': [...daily, ...fold(allFive, '1d')],
  } satisfies Record<Interval, Bar[]>;
  for (const interval of intervals) bars[interval] = recentSessions(bars[interval], sessionsKept[interval]);
  // The walk's shape with today's level: scale so the latest close is the instrument's reference price.
  const factor = instrument.referencePrice / walk.price;
  const scale = (price: number) => Math.max(10 ** -instrument.precision, onPriceGrid(instrument, price * factor));
  for (const interval of intervals) {
    for (const bar of bars[interval]) {
      bar.open = scale(bar.open);
      bar.high = scale(bar.high);
      bar.low = scale(bar.low);
      bar.close = scale(bar.close);
    }
  }
  return {
    bars,
    price: bars['1m'].at(-1)?.close ?? scale(walk.price),
    previousClose: scale(walk.previousClose),
    sessionDate: sessions.at(-1)?.date ?? '',
  };
}

const sessionLists = new WeakMap<TradingCalendar, Map<string, Session[]>>();

/** Sessions of the last `days` up to `nowMs`, oldest first; shared by every instrument on the calendar. */
function sessionsSince(calendar: TradingCalendar, nowMs: number, days: number): Session[] {
  const lists = sessionLists.get(calendar) ?? new Map<string, Session[]>();
  sessionLists.set(calendar, lists);
  const key = `${nowMs}|${days}`;
  let sessions = lists.get(key);
  if (!sessions) {
    sessions = [];
    const earliest = nowMs - days * 86_400_000;
    for (let s = latestSession(calendar, nowMs); s.open >= earliest; s = previousSession(calendar, s)) sessions.push(s);
    sessions.reverse();
    lists.set(key, sessions);
  }
  return sessions;
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

/** Bars of `stepSeconds` from the session's open until `untilMs` (complete bars only, at least one). */
function stepBars(walk: PriceWalk, session: Session, untilMs: number, stepSeconds: number, normal: () => number): Bar[] {
  const bars: Bar[] = [];
  const stepMs = stepSeconds * 1000;
  const wiggleFactor = walk.model.volatility * 0.0015 * Math.sqrt(stepSeconds / 60);
  for (let t = session.open; t + stepMs <= untilMs || (t < untilMs && bars.length === 0); t += stepMs) {
    const open = walk.sessionDate === session.date ? walk.price : walk.step(session, 1);
    const close = walk.step(session, stepSeconds);
    const wiggle = open * wiggleFactor;
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
      volume: walk.volumeFor(session, t, stepSeconds),
    });
  }
  return bars;
}
