import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { quoteSources, stockCodeSchema, type QuoteSource } from '@tradewind/contract';
import type { MarketDataProvider, ProviderTick, TickListener } from './market-data-provider.js';

const TICK_HEADER = 'ts,source,code,price,volume';
const BAR_HEADER = 'ts,source,code,open,high,low,close,volume';
/** A replay never sits silent longer than this, however wide a gap in the file (a lunch break, a weekend). */
const MAX_GAP_MS = 5_000;
/** Length given to the bars of an instrument with a single bar, where no spacing can be measured. */
const DEFAULT_BAR_MS = 60_000;
/** Used between the last row and the first again when the file has no spacing to average. */
const DEFAULT_LOOP_GAP_MS = 1_000;

/** Time zone is required so a file means the same on every server. */
const ISO_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const UNIX_MS_TS = /^\d{1,15}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

export type InstrumentExists = (source: QuoteSource, code: string) => boolean;

export interface CsvReplayOptions {
  file: string;
  /** 1 replays the gaps between rows in real time, 60 replays a minute of the file per second. */
  speed: number;
  /** Starts over from the first row after the last one. */
  loop: boolean;
  now: () => number;
  /** When given, rows for instruments it does not know are refused at load. */
  instrumentExists?: InstrumentExists;
}

interface Bar {
  ts: number;
  source: QuoteSource;
  code: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

type Fail = (problem: string) => never;

/**
 * Replays a CSV of ticks or of bars as if it were happening now: the spacing between rows is kept
 * (divided by `speed`) and each tick is stamped with the time it is emitted.
 * The file is read and checked in the constructor, so a bad file stops the server at start-up.
 */
export class CsvReplayProvider implements MarketDataProvider {
  readonly name = 'csv-replay';
  private readonly ticks: ProviderTick[];
  private readonly loopGapMs: number;
  private timer: NodeJS.Timeout | undefined;
  private listener: TickListener | undefined;

  constructor(private readonly options: CsvReplayOptions) {
    if (!Number.isFinite(options.speed) || options.speed <= 0) {
      throw new Error(`CSV replay speed must be a positive number (got ${options.speed})`);
    }
    this.ticks = parseReplayCsv(readFileSync(options.file, 'utf8'), basename(options.file), options.instrumentExists);
    this.loopGapMs = averageGapMs(this.ticks);
  }

  start(onTick: TickListener): Promise<void> {
    if (this.listener) return Promise.reject(new Error(`CSV replay of ${this.options.file} is already running`));
    this.listener = onTick;
    this.emitFrom(0);
    return Promise.resolve();
  }

  stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.listener = undefined;
    return Promise.resolve();
  }

  /** Emits the row at `index` and every later row with the same file time, then waits for the next one. */
  private emitFrom(index: number): void {
    const listener = this.listener;
    const first = this.ticks[index];
    if (!listener || !first) return;
    let next = index;
    let tick: ProviderTick | undefined = first;
    // The listener may stop the replay; nothing is emitted or scheduled after that.
    while (tick && tick.ts === first.ts && this.listener === listener) {
      listener({ ...tick, ts: this.options.now() });
      tick = this.ticks[++next];
    }
    if (this.listener !== listener) return;
    if (tick) this.schedule(tick.ts - first.ts, () => this.emitFrom(next));
    else if (this.options.loop) this.schedule(this.loopGapMs, () => this.emitFrom(0));
  }

  /** Whole milliseconds, so the spacing is the same on every run and under fake timers. */
  private schedule(fileGapMs: number, run: () => void): void {
    this.timer = setTimeout(run, Math.round(Math.min(fileGapMs / this.options.speed, MAX_GAP_MS)));
    this.timer.unref();
  }
}

/**
 * Reads a ticks or bars CSV into ticks in file time, bars expanded to four ticks each.
 * Throws on the first bad row, naming the file, the line and the column.
 */
export function parseReplayCsv(text: string, fileName: string, instrumentExists?: InstrumentExists): ProviderTick[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s*,\s*/g, ',');
  if (header !== TICK_HEADER && header !== BAR_HEADER) {
    throw new Error(`${fileName} line 1: header must be "${TICK_HEADER}" or "${BAR_HEADER}" (got "${lines[0] ?? ''}")`);
  }
  const columns = header.split(',');
  const ticks: ProviderTick[] = [];
  const bars: Bar[] = [];
  let lastTs = -Infinity;
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '') return;
    const fail: Fail = (problem) => {
      throw new Error(`${fileName} line ${i + 1}: ${problem}`);
    };
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== columns.length) fail(`expected ${columns.length} columns (${header}), got ${cells.length}`);
    const row = Object.fromEntries(columns.map((column, c) => [column, cells[c] ?? '']));
    const instrument = parseInstrument(row, fail, instrumentExists);
    const ts = parseTs(row.ts ?? '', fail);
    if (ts < lastTs) fail(`ts must not be earlier than the row before (got "${row.ts}")`);
    lastTs = ts;
    const volume = parseNumber(row, 'volume', 'a number of 0 or more', fail);
    if (header === TICK_HEADER) {
      ticks.push({ ...instrument, ts, price: parsePrice(row, 'price', fail), volume });
    } else {
      bars.push({ ...instrument, ts, volume, ...parseOhlc(row, fail) });
    }
  });
  if (ticks.length === 0 && bars.length === 0) throw new Error(`${fileName}: no rows after the header`);
  return header === TICK_HEADER ? ticks : expandBars(bars);
}

function parseInstrument(
  row: Record<string, string>,
  fail: Fail,
  instrumentExists: InstrumentExists | undefined,
): { source: QuoteSource; code: string } {
  const rawSource = row.source ?? '';
  const source = quoteSources.find((s) => String(s) === rawSource);
  if (source === undefined) fail(`source must be one of ${quoteSources.join(', ')} (got "${rawSource}")`);
  const code = stockCodeSchema.safeParse(row.code);
  if (!code.success) fail(`code must be letters, digits, dot or dash (got "${row.code}")`);
  if (instrumentExists && !instrumentExists(source, code.data)) {
    fail(`unknown instrument ${code.data} (source ${source})`);
  }
  return { source, code: code.data };
}

function parseTs(raw: string, fail: Fail): number {
  const ms = UNIX_MS_TS.test(raw) ? Number(raw) : ISO_TS.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(ms)) fail(`ts must be ISO-8601 with a time zone or Unix milliseconds (got "${raw}")`);
  return ms;
}

function parseNumber(row: Record<string, string>, column: string, what: string, fail: Fail): number {
  const raw = row[column] ?? '';
  if (!DECIMAL.test(raw)) fail(`${column} must be ${what} (got "${raw}")`);
  return Number(raw);
}

function parsePrice(row: Record<string, string>, column: string, fail: Fail): number {
  const price = parseNumber(row, column, 'a positive number', fail);
  if (price <= 0) fail(`${column} must be a positive number (got "${row[column]}")`);
  return price;
}

function parseOhlc(row: Record<string, string>, fail: Fail): Pick<Bar, 'open' | 'high' | 'low' | 'close'> {
  const open = parsePrice(row, 'open', fail);
  const high = parsePrice(row, 'high', fail);
  const low = parsePrice(row, 'low', fail);
  const close = parsePrice(row, 'close', fail);
  if (high < Math.max(open, close, low)) fail(`high must be at least open, low and close (got "${row.high}")`);
  if (low > Math.min(open, close)) fail(`low must be at most open and close (got "${row.low}")`);
  return { open, high, low, close };
}

/** Each bar becomes open, the extreme nearer the open, the other extreme, close, spread over the bar's length. */
function expandBars(bars: Bar[]): ProviderTick[] {
  const lengths = barLengths(bars);
  const ticks = bars.flatMap((bar) => {
    const length = lengths.get(instrumentKey(bar)) ?? DEFAULT_BAR_MS;
    const highFirst = bar.high - bar.open <= bar.open - bar.low;
    const path = highFirst ? [bar.open, bar.high, bar.low, bar.close] : [bar.open, bar.low, bar.high, bar.close];
    const share = Math.floor(bar.volume / 4);
    return path.map((price, i) => ({
      source: bar.source,
      code: bar.code,
      price,
      // The close carries the remainder so the bar's volume is kept exactly.
      volume: i === 3 ? bar.volume - 3 * share : share,
      ts: bar.ts + Math.floor((length * i) / 4),
    }));
  });
  // Array sort is stable, so ticks at the same time keep the file's order.
  return ticks.sort((a, b) => a.ts - b.ts);
}

/** A bar lasts as long as the smallest step between that instrument's bars. */
function barLengths(bars: Bar[]): Map<string, number> {
  const lastTs = new Map<string, number>();
  const lengths = new Map<string, number>();
  for (const bar of bars) {
    const key = instrumentKey(bar);
    const previous = lastTs.get(key);
    const step = previous === undefined ? 0 : bar.ts - previous;
    if (step > 0) lengths.set(key, Math.min(step, lengths.get(key) ?? Infinity));
    lastTs.set(key, bar.ts);
  }
  return lengths;
}

const instrumentKey = (instrument: { source: QuoteSource; code: string }) => `${instrument.source}:${instrument.code}`;

function averageGapMs(ticks: ProviderTick[]): number {
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  const span = first && last ? last.ts - first.ts : 0;
  return span > 0 ? span / (ticks.length - 1) : DEFAULT_LOOP_GAP_MS;
}
