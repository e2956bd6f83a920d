import type { QuoteTick } from '@tradewind/contract';
import type { Database } from '../../../db/client.js';
import { BarSeries, barStart, intervals, sessionsKept, type Bar, type Interval } from './bars.js';
import { latestSession, sessionAt } from '../calendar/calendar.js';
import { generateHistory } from './history.js';
import { houseBidAsk } from './house-quote.js';
import type { Instrument, InstrumentCatalog } from '../catalog/instruments.js';
import { bucketOf, deleteBucketsBefore, readStoredBuckets, saveBuckets, type BarBucket } from './bars.repository.js';
import type { ProviderTick } from '../providers/market-data-provider.js';
import type { QuoteBus } from './quote-bus.js';
import { roundTo } from './simulator.js';

/** The live state of one instrument for its current trading date. */
export interface QuoteState {
  instrument: Instrument;
  price: number;
  previousClose: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  tradingDate: string;
  /** Time of the last price, Unix ms. */
  updatedAt: number;
}

type Series = Record<Interval, BarSeries>;

export interface MarketFeedOptions {
  db: Database;
  catalog: InstrumentCatalog;
  bus: QuoteBus;
  now: () => number;
  seed: string | number;
  historyDays: number;
  historySessions: number;
  log: { info(message: string): void };
}

/** Reports each `step`% mark once as `done` passes it (for progress log lines). */
export function percentSteps(total: number, step: number): (done: number) => number | null {
  let next = step;
  return (done) => {
    const percent = Math.floor((done / total) * 100);
    if (percent < next) return null;
    const reached = Math.floor(percent / step) * step;
    next = reached + step;
    return reached;
  };
}

export function changeOf(state: Pick<QuoteState, 'price' | 'previousClose' | 'instrument'>) {
  const change = roundTo(state.price - state.previousClose, state.instrument.precision);
  const ratio = state.previousClose > 0 ? roundTo((change / state.previousClose) * 100, 2) : 0;
  return { change, change_ratio: ratio, fall: change < 0 };
}

/**
 * Owns prices: applies provider ticks to quotes and bars, publishes each change on the bus and
 * writes bars back to the database in batches. Bars live in memory; the database is for restarts.
 */
export class MarketFeed {
  private readonly states = new Map<string, QuoteState>();
  private readonly series = new Map<string, Series>();
  private dirty = new Map<string, Omit<BarBucket, 'bars'>>();
  private previouslyDirty = new Map<string, Omit<BarBucket, 'bars'>>();
  /** Generated history being written; flushes wait for it so a newer bucket is never overwritten by it. */
  private historySaved: Promise<void> = Promise.resolve();
  /** Instruments whose generated history is not yet handed to the database (saveHistory starts that once the server is ready). */
  private unsavedHistory: Instrument[] = [];
  /** Set when the process stops leading or shuts down: a first start's history save ends after the instrument in hand. */
  private historySaveStopped = false;

  constructor(private readonly options: MarketFeedOptions) {}

  /**
   * Loads stored bars; instruments with none get generated history (the first start). The
   * history is written in the background so the server can answer while it is saved.
   */
  async load(): Promise<void> {
    const { db, catalog, now } = this.options;
    await this.pruneStoredBars();
    await readStoredBuckets(db, (bucket) => this.seriesOf(bucket.instrumentKey)[bucket.interval].append(bucket.bars));
    for (const series of this.series.values()) for (const interval of intervals) series[interval].compact();
    const missing = catalog.all.filter((i) => (this.series.get(i.key)?.['1d'].length ?? 0) === 0);
    if (missing.length > 0) {
      const started = Date.now();
      const nowMs = now();
      const progress = percentSteps(missing.length, 10);
      for (const [index, instrument] of missing.entries()) {
        const history = generateHistory(instrument, {
          seed: this.options.seed,
          nowMs,
          days: this.options.historyDays,
          intradaySessions: this.options.historySessions,
        });
        this.series.set(instrument.key, {
          '1m': BarSeries.from(history.bars['1m']),
          '5m': BarSeries.from(history.bars['5m']),
          '30m': BarSeries.from(history.bars['30m']),
          '1d': BarSeries.from(history.bars['1d']),
        });
        const percent = progress(index + 1);
        if (percent !== null) this.options.log.info(`market: generating history ${percent}% (${index + 1}/${missing.length} instruments, ${Date.now() - started} ms)`);
        // Yield now and then, so /health keeps answering "starting" while a year of history is generated.
        if (index % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
      this.options.log.info(`market: generated history for ${missing.length} instruments in ${Date.now() - started} ms`);
      this.unsavedHistory = missing;
    }
    for (const instrument of catalog.all) this.states.set(instrument.key, this.stateFromBars(instrument));
  }

  /**
   * Starts writing generated history (a first start), in the background. Called once the server is
   * ready: on PGlite every query waits its turn behind the save's statements, so saving before the
   * singletons start would hold the start-up up for the whole save.
   */
  saveHistory(): Promise<void> {
    const instruments = this.unsavedHistory;
    this.unsavedHistory = [];
    if (instruments.length > 0) this.historySaved = this.saveSeriesOf(instruments);
    return this.historySaved;
  }

  /**
   * Writes the series of these instruments as they are now (generated history plus any ticks since),
   * a few instruments at a time: the buckets are made as objects only for the statement being written.
   */
  private async saveSeriesOf(instruments: readonly Instrument[]): Promise<void> {
    const { db, now, log } = this.options;
    const started = Date.now();
    const saved = percentSteps(instruments.length, 25);
    let buckets = 0;
    for (const [index, instrument] of instruments.entries()) {
      if (this.historySaveStopped) {
        log.info(`market: history save stopped at ${index}/${instruments.length} instruments; the others' history is generated again at the next start`);
        return;
      }
      const series = this.seriesOf(instrument.key);
      const own = intervals.flatMap((interval) => toBuckets(instrument.key, interval, series[interval].toArray()));
      await saveBuckets(db, own, new Date(now()));
      buckets += own.length;
      const percent = saved(index + 1);
      if (percent !== null && percent < 100) log.info(`market: saving history ${percent}% (${index + 1}/${instruments.length} instruments)`);
    }
    log.info(`market: saved ${buckets} history buckets of ${instruments.length} instruments in ${Date.now() - started} ms`);
  }

  /**
   * Ends a first start's history save after the instrument being written, so a shutdown or a handover
   * does not wait for a year of history (the last flush awaits the save). Each instrument's buckets go in
   * one call with its daily bars last, and an instrument without stored daily bars gets its history
   * generated at the next start, so nothing is left half-saved for good.
   */
  stopSavingHistory(): void {
    this.historySaveStopped = true;
  }

  quote(instrument: Instrument): QuoteState {
    const state = this.states.get(instrument.key);
    if (!state) throw new Error(`no quote state for ${instrument.key}; was the feed loaded?`);
    return state;
  }

  /** The instrument's bars of this interval, oldest first (a fresh array: the feed keeps them in columns). */
  bars(instrument: Instrument, interval: Interval): readonly Bar[] {
    return this.series.get(instrument.key)?.[interval].toArray() ?? [];
  }

  /** Applies a tick. Ticks between sessions count toward the latest session (late prints). */
  apply(tick: ProviderTick): QuoteTick | null {
    const instrument = this.options.catalog.get(tick.source, tick.code);
    const state = instrument && this.states.get(instrument.key);
    if (!instrument || !state || !(tick.price > 0)) return null;
    const calendar = instrument.calendar;
    const session = sessionAt(calendar, tick.ts) ?? latestSession(calendar, tick.ts);
    const price = roundTo(tick.price, instrument.precision);

    if (session.date !== state.tradingDate) {
      if (session.date < state.tradingDate) return null;
      Object.assign(state, { previousClose: state.price, open: price, high: price, low: price, volume: 0, tradingDate: session.date });
      this.trim(instrument.key);
    }
    state.price = price;
    state.high = Math.max(state.high, price);
    state.low = Math.min(state.low, price);
    state.volume += Math.max(0, Math.round(tick.volume));
    state.updatedAt = tick.ts;

    const series = this.seriesOf(instrument.key);
    for (const interval of intervals) {
      const bar = series[interval].addTick(barStart(interval, tick.ts, session.open, session.date), session.date, price, Math.round(tick.volume));
      this.markDirty(instrument.key, interval, bar);
    }
    const quote = { source: instrument.source, code: instrument.code, price_nominal: price, ...houseBidAsk(instrument, price), ...changeOf(state), volume: state.volume, ts: tick.ts };
    this.options.bus.publish(quote);
    return quote;
  }

  /**
   * Writes the buckets touched since the last flush, in small batches that yield to the event loop
   * between them, so ticks keep flowing while bars are saved.
   */
  async flush(): Promise<number> {
    await this.saveHistory();
    const marked = new Map([...this.previouslyDirty, ...this.dirty]);
    this.previouslyDirty = new Map();
    this.dirty = new Map();
    if (marked.size === 0) return 0;
    const buckets = [...marked.values()].map((b) => ({ ...b, bars: this.barsOfBucket(b) }));
    const batch = 100;
    for (let i = 0; i < buckets.length; i += batch) {
      await saveBuckets(this.options.db, buckets.slice(i, i + batch), new Date(this.options.now()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return buckets.length;
  }

  /**
   * A process that does not lead never writes bars, so it drops its marks of unsaved buckets each
   * flush period; it keeps the last period's, so that if it becomes the leader its first flush also
   * writes what the old leader may have died before writing.
   */
  forgetUnsaved(): void {
    this.previouslyDirty = this.dirty;
    this.dirty = new Map();
  }

  /** Bars are in time order and dirty buckets are nearly always the newest: scan from the end. */
  private barsOfBucket(target: Omit<BarBucket, 'bars'>): Bar[] {
    const series = this.seriesOf(target.instrumentKey)[target.interval];
    const bars: Bar[] = [];
    for (let i = series.length - 1; i >= 0; i--) {
      const bar = series.at(i) as Bar;
      const bucket = bucketOf(target.interval, bar);
      if (bucket === target.bucket) bars.push(bar);
      else if (bucket < target.bucket) break;
    }
    return bars.reverse();
  }

  private stateFromBars(instrument: Instrument): QuoteState {
    const series = this.seriesOf(instrument.key);
    const daily = series['1d'];
    const today = daily.at(-1);
    const lastMinute = series['1m'].at(-1);
    const price = lastMinute && lastMinute.d === today?.d ? lastMinute.close : (today?.close ?? instrument.referencePrice);
    return {
      instrument,
      price,
      previousClose: daily.at(-2)?.close ?? today?.open ?? price,
      open: today?.open ?? price,
      high: today?.high ?? price,
      low: today?.low ?? price,
      volume: today?.volume ?? 0,
      tradingDate: today?.d ?? '',
      updatedAt: ((lastMinute?.t ?? today?.t ?? 0) + 59) * 1000,
    };
  }

  private seriesOf(key: string): Series {
    let series = this.series.get(key);
    if (!series) {
      series = { '1m': new BarSeries(), '5m': new BarSeries(), '30m': new BarSeries(), '1d': new BarSeries() };
      this.series.set(key, series);
    }
    return series;
  }

  private trim(key: string): void {
    const series = this.seriesOf(key);
    for (const interval of intervals) series[interval].keepRecentSessions(sessionsKept[interval]);
  }

  private markDirty(instrumentKey: string, interval: Interval, bar: Bar): void {
    const bucket = bucketOf(interval, bar);
    this.dirty.set(`${instrumentKey}|${interval}|${bucket}`, { instrumentKey, interval, bucket });
  }

  private async pruneStoredBars(): Promise<void> {
    const day = 86_400_000;
    const now = this.options.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await deleteBucketsBefore(this.options.db, '1m', iso(now - 5 * day).slice(0, 13));
    await deleteBucketsBefore(this.options.db, '5m', iso(now - 7 * day).slice(0, 10));
    await deleteBucketsBefore(this.options.db, '30m', iso(now - 20 * day).slice(0, 10));
    await deleteBucketsBefore(this.options.db, '1d', iso(now - 800 * day).slice(0, 7));
  }
}

function toBuckets(instrumentKey: string, interval: Interval, bars: readonly Bar[]): BarBucket[] {
  const byBucket = new Map<string, Bar[]>();
  for (const bar of bars) {
    const bucket = bucketOf(interval, bar);
    const list = byBucket.get(bucket);
    if (list) list.push(bar);
    else byBucket.set(bucket, [bar]);
  }
  return [...byBucket].map(([bucket, list]) => ({ instrumentKey, interval, bucket, bars: list }));
}
