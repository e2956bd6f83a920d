import { AssetSource, FuturesGroup } from '@tradewind/contract';
import { sessionAt, type Session } from '../calendar/calendar.js';
import type { Instrument } from '../catalog/instruments.js';
import type { MarketDataProvider, ProviderTick, TickListener } from '../providers/market-data-provider.js';
import { seededRandom, type Random } from './random.js';
import { toTwTick } from '../catalog/taiwan-ticks.js';

/** Taiwan's daily price limit: ±10 % of the previous close. */
export const TW_DAILY_LIMIT = 0.1;

export interface InstrumentModel {
  /** Annualised volatility of log returns. */
  volatility: number;
  /** Mean milliseconds between ticks while the market is open. */
  meanTickMs: number;
  /** Units traded on an average day (0 for indicative prices: indices, forex). */
  dailyVolume: number;
}

/** Volatility and activity that fit the asset class, varied per instrument by the seed. */
export function modelFor(instrument: Instrument, seed: string | number): InstrumentModel {
  const rng = seededRandom(seed, instrument.key, 'model');
  switch (instrument.source) {
    case AssetSource.Stock:
      return {
        volatility: instrument.sector === 'ETF' ? rng.between(0.12, 0.25) : rng.between(0.2, 0.55),
        meanTickMs: rng.between(400, 2500),
        dailyVolume: Math.round((instrument.sharesOutstanding ?? 1e8) * rng.between(0.003, 0.012)),
      };
    case AssetSource.TwStock:
      return {
        volatility: rng.between(0.18, 0.45),
        meanTickMs: rng.between(800, 3000),
        dailyVolume: Math.round((instrument.sharesOutstanding ?? 1e8) * rng.between(0.001, 0.006)),
      };
    case AssetSource.GlobalIndex:
      return { volatility: rng.between(0.12, 0.22), meanTickMs: rng.between(800, 1500), dailyVolume: 0 };
    case AssetSource.Future: {
      const group = instrument.futures?.group;
      const volatility = group === FuturesGroup.Energy ? 0.35 : group === FuturesGroup.Metals ? 0.22 : 0.26;
      return { volatility: volatility * rng.between(0.8, 1.25), meanTickMs: rng.between(500, 2000), dailyVolume: Math.round(rng.between(2e4, 4e5)) };
    }
    case AssetSource.Forex:
      return { volatility: rng.between(0.05, 0.12), meanTickMs: rng.between(300, 1200), dailyVolume: 0 };
  }
}

const TRADING_DAYS_PER_YEAR = 252;

/** U-shaped intraday activity: busier at the open and the close. */
export function volumeCurve(sessionFraction: number): number {
  const x = Math.min(1, Math.max(0, sessionFraction)) - 0.5;
  return (1 + 6 * x * x) / 1.5;
}

export function roundTo(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
}

/**
 * A price on the instrument's quoting grid: Taiwan's tick bands, a future's tick (corn moves in
 * quarter cents), else one unit of its quoted precision.
 */
export function onPriceGrid(instrument: Instrument, price: number): number {
  if (instrument.source === AssetSource.TwStock) return toTwTick(price);
  const tick = instrument.futures?.tickSize;
  const onTick = tick === undefined ? price : Math.max(tick, Math.round(price / tick) * tick);
  return roundTo(onTick, instrument.precision);
}

/** Keeps a Taiwan price inside the day's limit band and on the TWSE tick grid, rounded inward. */
export function applyDailyLimit(instrument: Instrument, price: number, previousClose: number): number {
  if (instrument.source !== AssetSource.TwStock) return price;
  const upper = toTwTick(previousClose * (1 + TW_DAILY_LIMIT), 'down');
  const lower = toTwTick(previousClose * (1 - TW_DAILY_LIMIT), 'up');
  return Math.min(upper, Math.max(lower, toTwTick(price)));
}

/** One instrument's random walk: log-normal steps, an opening gap on each new session, limits. */
export class PriceWalk {
  constructor(
    readonly instrument: Instrument,
    readonly model: InstrumentModel,
    private readonly rng: Random,
    public price: number,
    public previousClose: number,
    /** The session the price belongs to; a step in a later session starts with an opening gap. */
    public sessionDate: string | null,
  ) {}

  /** Moves the price over `seconds` of trading inside `session`; returns the new price. */
  step(session: Session, seconds: number): number {
    const sessionSeconds = (session.close - session.open) / 1000;
    if (this.sessionDate !== session.date) {
      if (this.sessionDate !== null) this.previousClose = this.price;
      this.sessionDate = session.date;
      this.price = this.move(this.gapReturn());
    }
    const sigma = this.model.volatility * Math.sqrt(seconds / (sessionSeconds * TRADING_DAYS_PER_YEAR));
    this.price = this.move(sigma * this.rng.normal());
    // The walk keeps its finer price, so a move smaller than a tick still adds up; quotes are on the grid.
    return onPriceGrid(this.instrument, this.price);
  }

  /** Overnight news: usually small, now and then a real jump. */
  private gapReturn(): number {
    const daily = this.model.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    const jump = this.rng.next() < 0.05 ? 3 : 1;
    return daily * 0.4 * jump * this.rng.normal();
  }

  private move(logReturn: number): number {
    const next = roundTo(this.price * Math.exp(logReturn), this.instrument.precision);
    const floor = 10 ** -this.instrument.precision;
    return applyDailyLimit(this.instrument, Math.max(floor, next), this.previousClose);
  }

  volumeFor(session: Session, atMs: number, seconds: number): number {
    if (this.model.dailyVolume === 0) return 0;
    const sessionSeconds = (session.close - session.open) / 1000;
    const share = (seconds / sessionSeconds) * volumeCurve((atMs - session.open) / (session.close - session.open));
    return Math.max(1, Math.round(this.model.dailyVolume * share * Math.exp(0.5 * this.rng.normal() - 0.125)));
  }
}

export interface SimulatorOptions {
  instruments: readonly Instrument[];
  seed: string | number;
  now: () => number;
  /** How often the simulator looks for due ticks. */
  tickMs: number;
  /** Where each walk starts: the feed's last price and previous close. */
  startingPrice(instrument: Instrument): { price: number; previousClose: number; sessionDate: string | null };
}

/**
 * The default provider: every instrument ticks on its own random schedule while its market is
 * open. Given the same seed and the same sequence of `step` times it produces the same ticks.
 */
export class SimulatorProvider implements MarketDataProvider {
  readonly name = 'simulator';
  private readonly walks: PriceWalk[];
  private readonly nextTickAt = new Map<PriceWalk, number>();
  private readonly lastTickAt = new Map<PriceWalk, number>();
  private timer: NodeJS.Timeout | undefined;
  private listener: TickListener | undefined;

  constructor(private readonly options: SimulatorOptions) {
    this.walks = options.instruments.map((instrument) => {
      const start = options.startingPrice(instrument);
      const rng = seededRandom(options.seed, instrument.key, 'live');
      return new PriceWalk(instrument, modelFor(instrument, options.seed), rng, start.price, start.previousClose, start.sessionDate);
    });
  }

  start(onTick: TickListener): Promise<void> {
    this.listener = onTick;
    this.timer = setInterval(() => this.step(this.options.now()), this.options.tickMs);
    this.timer.unref();
    return Promise.resolve();
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    this.listener = undefined;
    return Promise.resolve();
  }

  /** Emits every tick due at `nowMs`. Exposed so tests drive time themselves. */
  step(nowMs: number): ProviderTick[] {
    const ticks: ProviderTick[] = [];
    for (const walk of this.walks) {
      const due = this.nextTickAt.get(walk);
      if (due === undefined) {
        this.schedule(walk, nowMs);
        continue;
      }
      if (due > nowMs) continue;
      this.schedule(walk, nowMs);
      const session = sessionAt(walk.instrument.calendar, nowMs);
      if (!session) continue;
      const since = Math.max(session.open, this.lastTickAt.get(walk) ?? nowMs - walk.model.meanTickMs);
      const seconds = Math.max(0.05, (nowMs - since) / 1000);
      this.lastTickAt.set(walk, nowMs);
      const tick = { source: walk.instrument.source, code: walk.instrument.code, price: walk.step(session, seconds), volume: walk.volumeFor(session, nowMs, seconds), ts: nowMs };
      ticks.push(tick);
      this.listener?.(tick);
    }
    return ticks;
  }

  private schedule(walk: PriceWalk, nowMs: number): void {
    const rng = seededRandom(this.options.seed, walk.instrument.key, 'schedule', nowMs);
    this.nextTickAt.set(walk, nowMs + Math.round(-Math.log(Math.max(rng.next(), 1e-6)) * walk.model.meanTickMs));
  }
}
