import type { QuoteTick } from '@tradewind/contract';
import type { Database } from '../../../db/client.js';
import { BarSeries, barStart, bucketOf, intervals, sessionsKept, type Bar, type Interval } from './bars.js';
import { latestSession, sessionAt } from '../calendar/calendar.js';
import { generateHistory, type HistoryOptions } from './history.js';
import { startsInWorkers } from './history-pool.js';
import type { HistoryAhead } from '../history-ahead.js';
import { houseBidAsk } from './house-quote.js';
import { emptyOverlay, instrumentStart, withLive, type InstrumentStart, type Overlay } from './instrument-start.js';
import type { Instrument, InstrumentCatalog, LoadOptions } from '../catalog/instruments.js';
import { startingQuote, type QuoteState } from './quote-state.js';
import { bucketKey, deleteBucketsBefore, deleteBucketsOf, foldTails, readHistoryAnchors, readStoredBuckets, saveHistoryAnchors, saveTailBars, writeBucketsWhole, type BarBucket } from './bars.repository.js';
import type { ProviderTick } from '../providers/market-data-provider.js';
import type { QuoteBus } from './quote-bus.js';
import { roundTo } from './simulator.js';

export type { QuoteState } from './quote-state.js';

type Series = Record<Interval, BarSeries>;

/**
 * Bars per flush statement (bars.repository.ts `saveTailBars`): each statement runs whole on the event loop with
 * PGlite (~50 ms for 1,000 on this machine kind). A period's tails are one or two bars per bucket.
 */
const TAIL_BARS_PER_STATEMENT = 1000;

/** Buckets written whole, or folded, into price_bars per statement (each up to ~18 KB of jsonb). */
const WHOLE_BUCKETS_PER_STATEMENT = 100;

export interface MarketFeedOptions {
  db: Database;
  catalog: InstrumentCatalog;
  bus: QuoteBus;
  now: () => number;
  seed: string | number;
  historyDays: number;
  historySessions: number;
  log: { info(message: string): void };
  /** How many instruments' generated history is kept between reads (default 64, about 60 KB each). */
  generatedKept?: number;
  /**
   * Generate the history at load in this many worker threads, each loading the instrument master again with
   * `catalog` (the options the feed's catalog was loaded with); without it, on this thread.
   */
  threads?: { count: number; catalog: LoadOptions };
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
 * writes the bars ticks changed back to the database in batches. Bars live in memory; generated history
 * is made again at each start (load) and only what ticks changed is stored.
 */
export class MarketFeed {
  private readonly states = new Map<string, QuoteState>();
  /**
   * Per instrument, the bars of every bucket that live ticks changed (stored ones and this run's), with the
   * generated bars of the bucket the history ends in copied in, so a tick there merges with them; for a
   * database from before the anchors, the whole stored history.
   */
  private readonly live = new Map<string, Series>();
  /** When each instrument's generated history ends (Unix ms); absent for stored-only history. */
  private anchors = new Map<string, number>();
  /**
   * Generated history of the instruments read lately, least recent first. The rest is generated again on
   * the next read (a few milliseconds each): all of it held ~100 MB (docs/performance/startup-and-memory.md).
   */
  private readonly generated = new Map<string, Series>();
  private flushing: Promise<number> | null = null;
  private readonly flushWaiters: Array<() => void> = [];
  private dirty = new Map<string, Omit<BarBucket, 'bars'>>();
  private previouslyDirty = new Map<string, Omit<BarBucket, 'bars'>>();
  /**
   * Per instrument and interval, the bucket this process last wrote and the time of its last bar then: the
   * next flush of that bucket sends only the bars from there on. Forgotten while not leading (another
   * process writes then).
   */
  private written = new Map<string, { bucket: string; lastT: number }>();
  /**
   * The buckets with bars in price_bar_tails that this process knows of (read at load, written since), by
   * bucket key: each has its tail rows folded into its price_bars row once its series has moved past it.
   */
  private unfolded = new Map<string, Omit<BarBucket, 'bars'>>();

  constructor(private readonly options: MarketFeedOptions) {}

  /**
   * Builds every instrument's series: its history generated again from the seed and its anchor (the
   * instant its first generation ended), with the stored buckets that live ticks changed laid over it.
   * Instruments without an anchor get one now (a first start, or new to the catalog); those of a
   * database from before the anchors (migration 0033) keep the whole history stored for them. `ahead`: a first
   * start's history begun before the database existed (history-ahead.ts), taken for the instruments new now.
   */
  async load(ahead?: HistoryAhead): Promise<void> {
    const { db, catalog, now } = this.options;
    await this.pruneStoredBars();
    const anchors = await readHistoryAnchors(db);
    const listed = new Set(catalog.all.map((i) => i.key));
    const overlays = new Map<string, Overlay>();
    let storedBuckets = 0;
    const newestStored = new Map<string, Omit<BarBucket, 'bars'> & { lastT: number }>();
    await readStoredBuckets(db, (bucket) => {
      if (!listed.has(bucket.instrumentKey)) return;
      storedBuckets++;
      const series = `${bucket.instrumentKey}|${bucket.interval}`;
      const lastT = bucket.bars.at(-1)?.t;
      const target = { instrumentKey: bucket.instrumentKey, interval: bucket.interval, bucket: bucket.bucket };
      if (lastT !== undefined && (newestStored.get(series)?.bucket ?? '') < bucket.bucket) newestStored.set(series, { ...target, lastT });
      if (bucket.tails) this.unfolded.set(bucketKey(target), target);
      if (anchors.has(bucket.instrumentKey)) overlayOf(overlays, bucket.instrumentKey)[bucket.interval].set(bucket.bucket, bucket.bars);
      else this.liveOf(bucket.instrumentKey)[bucket.interval].append(bucket.bars);
    });
    const nowMs = now();
    const fresh = new Map<string, number>();
    // Buckets of an instrument without daily bars are what is left of an old first start's save that was cut short.
    const halfSaved = catalog.all.filter((i) => !anchors.has(i.key) && this.live.has(i.key) && this.liveOf(i.key)['1d'].length === 0).map((i) => i.key);
    await deleteBucketsOf(db, halfSaved);
    for (const key of halfSaved) this.live.delete(key);
    for (const instrument of catalog.all) if (!anchors.has(instrument.key) && !this.live.has(instrument.key)) fresh.set(instrument.key, ahead?.anchor ?? nowMs);
    for (const [key, anchor] of fresh.size > 0 ? await saveHistoryAnchors(db, fresh) : fresh) anchors.set(key, anchor);
    this.anchors = anchors;
    const made = ahead ? await this.takeAhead(ahead, catalog.all.filter((i) => fresh.has(i.key) && anchors.get(i.key) === ahead.anchor)) : new Set<string>();
    await this.generate(catalog.all.filter((i) => anchors.has(i.key) && !made.has(i.key)), overlays, storedBuckets);
    for (const series of this.live.values()) for (const interval of intervals) series[interval].compact();
    this.noteStoredWhole(newestStored);
    for (const instrument of catalog.all) {
      if (!this.states.has(instrument.key)) this.states.set(instrument.key, { instrument, ...startingQuote(instrument.referencePrice, this.bars(instrument, '1d'), this.bars(instrument, '1m').at(-1)) });
    }
  }

  /** Applies the early starts of these instruments (new now, with the early anchor); returns the keys applied. */
  private async takeAhead(ahead: HistoryAhead, instruments: readonly Instrument[]): Promise<Set<string>> {
    const made = new Set<string>();
    if (instruments.length === 0) return made;
    const waited = Date.now();
    const starts = await ahead.starts;
    for (const instrument of instruments) {
      const start = starts.get(instrument.key);
      if (!start) continue;
      this.applyStart(instrument, start);
      made.add(instrument.key);
    }
    // The series keep the bars in columns; the objects handed over would otherwise live as long as main's ahead.
    starts.clear();
    this.options.log.info(`market: history for ${made.size} instruments was generated while the database was made (then waited ${Date.now() - waited} ms for the rest)`);
    return made;
  }

  /** Generates each instrument's history to find its quote and the bucket it ends in; keeps only those. */
  private async generate(instruments: readonly Instrument[], overlays: ReadonlyMap<string, Overlay>, storedBuckets: number): Promise<void> {
    const { log, threads } = this.options;
    if (instruments.length === 0) return;
    const started = Date.now();
    const progress = percentSteps(instruments.length, 10);
    let made = 0;
    const byKey = new Map(instruments.map((instrument) => [instrument.key, instrument]));
    const onStart = (key: string, start: InstrumentStart) => {
      this.applyStart(byKey.get(key) as Instrument, start);
      const percent = progress(++made);
      if (percent !== null && percent < 100) log.info(`market: generating history ${percent}% (${made}/${instruments.length} instruments, ${Date.now() - started} ms)`);
    };
    if (threads) {
      const tasks = instruments.map((i) => ({ key: i.key, anchor: this.anchors.get(i.key) as number, overlay: overlays.get(i.key) }));
      await startsInWorkers(tasks, { threads: threads.count, catalog: threads.catalog, history: this.historyOptions() }, onStart);
    } else {
      for (const [index, instrument] of instruments.entries()) {
        onStart(instrument.key, instrumentStart(instrument, { ...this.historyOptions(), nowMs: this.anchors.get(instrument.key) as number }, overlays.get(instrument.key)));
        // Yield now and then, so /health keeps answering "starting" while a year of history is generated.
        if (index % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const where = threads ? `${Math.min(threads.count, instruments.length)} worker threads` : 'the main thread';
    log.info(`market: generated history for ${instruments.length} instruments in ${Date.now() - started} ms on ${where}, ${storedBuckets} stored buckets laid over it`);
  }

  private applyStart(instrument: Instrument, start: InstrumentStart): void {
    const live = start.live;
    this.live.set(instrument.key, { '1m': BarSeries.from(live['1m']), '5m': BarSeries.from(live['5m']), '30m': BarSeries.from(live['30m']), '1d': BarSeries.from(live['1d']) });
    this.states.set(instrument.key, { instrument, ...start.state });
  }

  private historyOptions(): Omit<HistoryOptions, 'nowMs'> {
    return { seed: this.options.seed, days: this.options.historyDays, intradaySessions: this.options.historySessions };
  }

  private generateBars(instrument: Instrument): Record<Interval, Bar[]> {
    return generateHistory(instrument, { ...this.historyOptions(), nowMs: this.anchors.get(instrument.key) as number }).bars;
  }

  /** The instrument's generated history, from the cache or made again from its anchor. */
  private generatedOf(instrument: Instrument): Series {
    let series = this.generated.get(instrument.key);
    if (series) this.generated.delete(instrument.key);
    else {
      const bars = this.generateBars(instrument);
      series = { '1m': BarSeries.from(bars['1m']), '5m': BarSeries.from(bars['5m']), '30m': BarSeries.from(bars['30m']), '1d': BarSeries.from(bars['1d']) };
    }
    this.generated.set(instrument.key, series);
    for (const key of this.generated.keys()) {
      if (this.generated.size <= (this.options.generatedKept ?? 64)) break;
      this.generated.delete(key);
    }
    return series;
  }

  quote(instrument: Instrument): QuoteState {
    const state = this.states.get(instrument.key);
    if (!state) throw new Error(`no quote state for ${instrument.key}; was the feed loaded?`);
    return state;
  }

  /** The instrument's bars of this interval, oldest first (a fresh array: the feed keeps them in columns). */
  bars(instrument: Instrument, interval: Interval): readonly Bar[] {
    const live = this.live.get(instrument.key)?.[interval].toArray() ?? [];
    if (!this.anchors.has(instrument.key)) return live;
    return withLive(interval, this.generatedOf(instrument)[interval].toArray(), live);
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

    const series = this.liveOf(instrument.key);
    for (const interval of intervals) {
      const start = barStart(interval, tick.ts, session.open, session.date);
      series[interval].addTick(start, session.date, price, Math.round(tick.volume));
      this.markDirty(instrument.key, interval, bucketOf(interval, { t: start, d: session.date }));
    }
    const quote = { source: instrument.source, code: instrument.code, price_nominal: price, ...houseBidAsk(instrument, price), ...changeOf(state), volume: state.volume, ts: tick.ts };
    this.options.bus.publish(quote);
    return quote;
  }

  /**
   * Writes the buckets touched since the last flush, in small batches that yield to the event loop
   * between them, so ticks keep flowing while bars are saved. One flush at a time (a call waits for the
   * one in progress): under load a flush can outlast the flush period. Only the batch being written is
   * made into objects: all of a first flush's ~3,300 buckets at once held ~45 MB of heap.
   */
  async flush(): Promise<number> {
    // The one in progress reports its own failure to its caller; this one writes what is marked now.
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.flushing = this.writeMarked().finally(() => {
      this.flushing = null;
      for (const waiter of this.flushWaiters.splice(0)) waiter();
    });
    return this.flushing;
  }

  /** Settles when the next flush has ended (written or failed). */
  nextFlush(): Promise<void> {
    return new Promise((resolve) => this.flushWaiters.push(resolve));
  }

  /** True while a flush is writing (the flush timer lets it finish rather than queue another). */
  get flushInProgress(): boolean {
    return this.flushing !== null;
  }

  /**
   * An open bucket this process has not written yet goes whole into price_bars; after that, the bars ticks
   * changed in it go to price_bar_tails, from the last one written on. A bucket its series has moved past is
   * never written from memory (a series keeps only its recent sessions): its changed bars go to the tails, which
   * are then folded into its price_bars row in the database, once.
   */
  private async writeMarked(): Promise<number> {
    const marked = [...new Map([...this.previouslyDirty, ...this.dirty]).values()];
    this.previouslyDirty = new Map();
    this.dirty = new Map();
    const now = new Date(this.options.now());
    const whole: Omit<BarBucket, 'bars'>[] = [];
    const tails: BarBucket[] = [];
    for (const target of marked) {
      const last = this.written.get(`${target.instrumentKey}|${target.interval}`);
      if (last?.bucket === target.bucket) tails.push({ ...target, bars: this.barsOfBucket(target, last.lastT) });
      else if (target.bucket === this.openBucket(target)) whole.push(target);
      else tails.push({ ...target, bars: this.barsOfBucket(target) });
    }
    for (let i = 0; i < whole.length; i += WHOLE_BUCKETS_PER_STATEMENT) {
      const buckets = whole.slice(i, i + WHOLE_BUCKETS_PER_STATEMENT).map((b) => ({ ...b, bars: this.barsOfBucket(b) }));
      await writeBucketsWhole(this.options.db, buckets, now);
      for (const bucket of buckets) {
        this.noteWritten(bucket, bucket.bars);
        this.unfolded.delete(bucketKey(bucket));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (let i = 0; i < tails.length; ) {
      const batch: BarBucket[] = [];
      for (let bars = 0; i < tails.length && (batch.length === 0 || bars + (tails[i] as BarBucket).bars.length <= TAIL_BARS_PER_STATEMENT); i++) {
        batch.push(tails[i] as BarBucket);
        bars += (tails[i] as BarBucket).bars.length;
      }
      await saveTailBars(this.options.db, batch);
      for (const tail of batch) {
        if (tail.bucket === this.openBucket(tail)) this.noteWritten(tail, tail.bars);
        if (tail.bars.length > 0) this.unfolded.set(bucketKey(tail), { instrumentKey: tail.instrumentKey, interval: tail.interval, bucket: tail.bucket });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const closed = [...this.unfolded.values()].filter((target) => target.bucket !== this.openBucket(target));
    for (let i = 0; i < closed.length; i += WHOLE_BUCKETS_PER_STATEMENT) {
      const batch = closed.slice(i, i + WHOLE_BUCKETS_PER_STATEMENT);
      await foldTails(this.options.db, batch, now);
      for (const target of batch) this.unfolded.delete(bucketKey(target));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return marked.length;
  }

  private noteWritten(target: Omit<BarBucket, 'bars'>, bars: readonly Bar[]): void {
    const lastBar = bars.at(-1);
    if (lastBar) this.written.set(`${target.instrumentKey}|${target.interval}`, { bucket: target.bucket, lastT: lastBar.t });
  }

  /** The bucket a series' newest bar is in: the one ticks are adding to. */
  private openBucket(target: Omit<BarBucket, 'bars'>): string | undefined {
    const series = this.liveOf(target.instrumentKey)[target.interval];
    const newest = series.at(series.length - 1);
    return newest && bucketOf(target.interval, newest);
  }

  /**
   * After a load, a series whose open bucket is the newest stored one holds exactly what is stored of it: a
   * first flush then sends its bars from the last stored one on, not all of them again.
   */
  private noteStoredWhole(newestStored: ReadonlyMap<string, Omit<BarBucket, 'bars'> & { lastT: number }>): void {
    for (const [series, stored] of newestStored) if (this.openBucket(stored) === stored.bucket) this.written.set(series, { bucket: stored.bucket, lastT: stored.lastT });
  }

  /**
   * A process that does not lead never writes bars, so it drops its marks of unsaved buckets each
   * flush period; it keeps the last period's, so that if it becomes the leader its first flush also
   * writes what the old leader may have died before writing.
   */
  forgetUnsaved(): void {
    this.previouslyDirty = this.dirty;
    this.dirty = new Map();
    this.written = new Map();
  }

  /** Bars are in time order and dirty buckets are nearly always the newest: scan from the end (down to `fromT`). */
  private barsOfBucket(target: Omit<BarBucket, 'bars'>, fromT = Number.NEGATIVE_INFINITY): Bar[] {
    const series = this.liveOf(target.instrumentKey)[target.interval];
    const bars: Bar[] = [];
    for (let i = series.length - 1; i >= 0; i--) {
      const bar = series.at(i) as Bar;
      if (bar.t < fromT) break;
      const bucket = bucketOf(target.interval, bar);
      if (bucket === target.bucket) bars.push(bar);
      else if (bucket < target.bucket) break;
    }
    return bars.reverse();
  }

  private liveOf(key: string): Series {
    let series = this.live.get(key);
    if (!series) {
      series = { '1m': new BarSeries(), '5m': new BarSeries(), '30m': new BarSeries(), '1d': new BarSeries() };
      this.live.set(key, series);
    }
    return series;
  }

  private trim(key: string): void {
    const series = this.liveOf(key);
    for (const interval of intervals) series[interval].keepRecentSessions(sessionsKept[interval]);
  }

  /** A bucket already marked keeps its mark: hundreds of ticks a second would otherwise each leave one behind as garbage. */
  private markDirty(instrumentKey: string, interval: Interval, bucket: string): void {
    const key = `${instrumentKey}|${interval}|${bucket}`;
    if (!this.dirty.has(key)) this.dirty.set(key, { instrumentKey, interval, bucket });
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

function overlayOf(overlays: Map<string, Overlay>, key: string): Overlay {
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = emptyOverlay();
    overlays.set(key, overlay);
  }
  return overlay;
}
