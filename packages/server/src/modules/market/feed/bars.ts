/** OHLCV bars aggregated from ticks. `t` is the bar's start in Unix seconds; `d` the trading date it belongs to. */
export interface Bar {
  t: number;
  d: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const intervals = ['1m', '5m', '30m', '1d'] as const;
export type Interval = (typeof intervals)[number];

export const intervalSeconds: Record<Interval, number> = { '1m': 60, '5m': 300, '30m': 1800, '1d': 86_400 };

/** How many sessions of each interval are kept: enough for the widest range that reads it. */
export const sessionsKept: Record<Interval, number> = { '1m': 1, '5m': 2, '30m': 7, '1d': 400 };

/**
 * Start of the bar a tick falls in. Intraday bars are aligned to the session's opening so a
 * 09:30 open gives 09:30, 10:00 … half-hours; a daily bar is stamped at UTC midnight of its date
 * so charts label it with the trading date even when the session opened the evening before.
 */
export function barStart(interval: Interval, tickMs: number, sessionOpenMs: number, tradingDate: string): number {
  if (interval === '1d') return Date.parse(`${tradingDate}T00:00:00Z`) / 1000;
  const length = intervalSeconds[interval] * 1000;
  return Math.floor((sessionOpenMs + Math.floor((tickMs - sessionOpenMs) / length) * length) / 1000);
}

const DAY_MS = 86_400_000;
const dayNames = new Map<number, string>();

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The trading date of a day number; the few hundred distinct dates are made once, not per bar read. */
function dayName(day: number): string {
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(day, name);
  }
  return name;
}

/** The fields of a bar in a row of `BarSeries`: the trading date is its day number (a whole number, exact in a double). */
const T = 0;
const DAY = 1;
const OPEN = 2;
const HIGH = 3;
const LOW = 4;
const CLOSE = 5;
const VOLUME = 6;
const STRIDE = 7;

/**
 * One instrument's bars of one interval, oldest first, kept as rows of seven doubles in one typed array:
 * 56 bytes a bar, where a `Bar` object with its boxed numbers takes about 150. One array a series rather
 * than one per field: the feed holds four series for each of 829 instruments, mostly a few bars long, and
 * seven typed arrays (each a JS object, an ArrayBuffer and a separate malloc'd store) cost more than the bars
 * (docs/performance/startup-and-memory.md). Reads hand out `Bar` objects made on the spot.
 */
export class BarSeries {
  private rows: Float64Array;
  private count = 0;

  constructor(capacity = 16) {
    this.rows = new Float64Array(capacity * STRIDE);
  }

  static from(bars: readonly Bar[]): BarSeries {
    const series = new BarSeries(Math.max(1, bars.length));
    series.append(bars);
    return series;
  }

  get length(): number {
    return this.count;
  }

  at(index: number): Bar | undefined {
    if (index < 0) index += this.count;
    if (index < 0 || index >= this.count) return undefined;
    const r = this.rows;
    const at = index * STRIDE;
    return {
      t: r[at + T] as number,
      d: dayName(r[at + DAY] as number),
      open: r[at + OPEN] as number,
      high: r[at + HIGH] as number,
      low: r[at + LOW] as number,
      close: r[at + CLOSE] as number,
      volume: r[at + VOLUME] as number,
    };
  }

  toArray(): Bar[] {
    const bars: Bar[] = new Array<Bar>(this.count);
    for (let i = 0; i < this.count; i++) bars[i] = this.at(i) as Bar;
    return bars;
  }

  /** Adds bars that come after the ones held (stored history, generated history). */
  append(bars: readonly Bar[]): void {
    this.reserve(this.count + bars.length);
    for (const bar of bars) this.write(this.count++, bar.t, dayNumber(bar.d), bar.open, bar.high, bar.low, bar.close, bar.volume);
  }

  /**
   * Adds a tick in time order. A late tick merges into the bar it belongs to. It makes no `Bar` object:
   * it runs for every tick of every instrument, four times.
   */
  addTick(start: number, date: string, price: number, volume: number): void {
    const last = this.count - 1;
    if (last >= 0 && this.startOf(last) === start) {
      this.merge(last, price, volume, true);
      return;
    }
    if (last >= 0 && this.startOf(last) > start) {
      let index = last;
      while (index >= 0 && this.startOf(index) > start) index--;
      if (index >= 0 && this.startOf(index) === start) {
        // A late tick from a provider: it does not move the bar's close, which later ticks set.
        this.merge(index, price, volume, false);
        return;
      }
      this.insertAt(index + 1);
      this.write(index + 1, start, dayNumber(date), price, price, price, price, volume);
      return;
    }
    this.reserve(this.count + 1);
    this.write(this.count++, start, dayNumber(date), price, price, price, price, volume);
  }

  /** Keeps the bars of the last `sessions` distinct trading dates. */
  keepRecentSessions(sessions: number): void {
    let seen = 0;
    let last: number | null = null;
    for (let i = this.count - 1; i >= 0; i--) {
      const day = this.rows[i * STRIDE + DAY] as number;
      if (day !== last) {
        seen++;
        last = day;
        if (seen > sessions) {
          this.dropFirst(i + 1);
          return;
        }
      }
    }
  }

  /** Gives back the spare room left by growing (after a load). */
  compact(): void {
    if (this.rows.length > this.count * STRIDE) this.resize(Math.max(1, this.count));
  }

  private startOf(index: number): number {
    return this.rows[index * STRIDE + T] as number;
  }

  private merge(index: number, price: number, volume: number, moveClose: boolean): void {
    const r = this.rows;
    const at = index * STRIDE;
    r[at + HIGH] = Math.max(r[at + HIGH] as number, price);
    r[at + LOW] = Math.min(r[at + LOW] as number, price);
    if (moveClose) r[at + CLOSE] = price;
    r[at + VOLUME] = (r[at + VOLUME] as number) + volume;
  }

  private write(index: number, t: number, day: number, open: number, high: number, low: number, close: number, volume: number): void {
    const r = this.rows;
    const at = index * STRIDE;
    r[at + T] = t;
    r[at + DAY] = day;
    r[at + OPEN] = open;
    r[at + HIGH] = high;
    r[at + LOW] = low;
    r[at + CLOSE] = close;
    r[at + VOLUME] = volume;
  }

  private insertAt(index: number): void {
    this.reserve(this.count + 1);
    this.rows.copyWithin((index + 1) * STRIDE, index * STRIDE, this.count * STRIDE);
    this.count++;
  }

  private dropFirst(n: number): void {
    this.rows.copyWithin(0, n * STRIDE, this.count * STRIDE);
    this.count -= n;
  }

  private reserve(capacity: number): void {
    const held = this.rows.length / STRIDE;
    if (capacity > held) this.resize(Math.max(capacity, held * 2));
  }

  private resize(capacity: number): void {
    const next = new Float64Array(capacity * STRIDE);
    next.set(this.rows.subarray(0, Math.min(this.count, capacity) * STRIDE));
    this.rows = next;
  }
}

/** Rows stay small: minute bars by UTC hour, 5- and 30-minute bars by trading date, daily bars by month. */
export function bucketOf(interval: Interval, bar: Pick<Bar, 't' | 'd'>): string {
  switch (interval) {
    case '1m':
      return new Date(bar.t * 1000).toISOString().slice(0, 13);
    case '5m':
    case '30m':
      return bar.d;
    case '1d':
      return bar.d.slice(0, 7);
  }
}

/**
 * Generated bars with stored buckets laid over them: a stored bucket (one a live tick changed, or a
 * real provider's) replaces every generated bar of that bucket. Both lists are oldest first.
 */
export function overlayBuckets(interval: Interval, generated: readonly Bar[], stored: ReadonlyMap<string, readonly Bar[]>): Bar[] {
  if (stored.size === 0) return [...generated];
  const kept = generated.filter((bar) => !stored.has(bucketOf(interval, bar)));
  return [...kept, ...[...stored.values()].flat()].sort((a, b) => a.t - b.t);
}

/** Folds finer bars into coarser ones (history generation and tests). */
export function aggregate(bars: readonly Bar[], startOf: (bar: Bar) => number): Bar[] {
  const out: Bar[] = [];
  for (const bar of bars) {
    const start = startOf(bar);
    const last = out.at(-1);
    if (last && last.t === start) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.volume += bar.volume;
    } else out.push({ ...bar, t: start });
  }
  return out;
}

/** The bars of the last `count` distinct trading dates (the same array when it has no more). */
export function recentSessions(bars: Bar[], count: number): Bar[] {
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
