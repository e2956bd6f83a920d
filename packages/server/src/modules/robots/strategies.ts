import { dcaIntervalSeconds, type DcaParams, type GridParams, type MaParams, type RobotParams } from '@tradewind/contract';

/**
 * The strategies as pure functions: given the parameters, the strategy's memory, what the market
 * shows now and what the robot holds, they say what to buy and sell. The live runner and the
 * backtest call the very same functions; only who fills the intents differs.
 */

export interface Observation {
  /** Unix seconds of the price. */
  time: number;
  price: number;
  /** Closes of the completed bars of the strategy's bar interval, oldest first (moving averages). */
  closes: readonly number[];
  /** Start of the newest completed bar in `closes`, or null when there are none. */
  barTime: number | null;
}

/** One open lot the robot holds; `slot` is the grid line it was bought at (0 for the other strategies). */
export interface Holding {
  slot: number;
  quantity: number;
}

export type Intent = { side: 'buy'; slot: number; amount: number } | { side: 'sell'; slot: number };

export interface GridState {
  lastPrice: number | null;
}
export interface DcaState {
  lastBuyAt: number | null;
}
export interface MaState {
  lastBarTime: number | null;
}
export type StrategyState = GridState | DcaState | MaState;

export interface Step<S> {
  state: S;
  intents: Intent[];
}

/** The grid lines from lower to upper: grids + 1 of them, evenly spaced. */
export function gridLines(params: Pick<GridParams, 'lower' | 'upper' | 'grids'>): number[] {
  const gap = (params.upper - params.lower) / params.grids;
  return Array.from({ length: params.grids + 1 }, (_, i) => (i === params.grids ? params.upper : params.lower + gap * i));
}

/**
 * Grid: each line below the top is a buy line. When the price falls through line i (it was above,
 * it is now at or below) and line i holds nothing, buy one grid's amount; a lot bought at line i
 * is sold once the price reaches line i + 1. The first price only sets the reference, so starting
 * a robot never buys on the spot.
 */
export function gridStep(params: GridParams, state: GridState, seen: Observation, holdings: readonly Holding[]): Step<GridState> {
  const lines = gridLines(params);
  const held = new Set(holdings.map((h) => h.slot));
  const intents: Intent[] = [];
  for (const slot of [...held].sort((a, b) => a - b)) {
    const target = lines[slot + 1];
    if (target !== undefined && seen.price >= target) intents.push({ side: 'sell', slot });
  }
  const previous = state.lastPrice;
  if (previous !== null) {
    for (let slot = lines.length - 2; slot >= 0; slot--) {
      const line = lines[slot] as number;
      if (!held.has(slot) && previous > line && seen.price <= line) intents.push({ side: 'buy', slot, amount: params.amountPerGrid });
    }
  }
  return { state: { lastPrice: seen.price }, intents };
}

/** Dollar-cost averaging: one buy at the first price, then one each time a whole interval has passed since the last. */
export function dcaStep(params: DcaParams, state: DcaState, seen: Observation): Step<DcaState> {
  const due = state.lastBuyAt === null || seen.time - state.lastBuyAt >= dcaIntervalSeconds[params.interval];
  if (!due) return { state, intents: [] };
  return { state: { lastBuyAt: seen.time }, intents: [{ side: 'buy', slot: 0, amount: params.amountPerInterval }] };
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The short and long simple moving averages at the newest close and at the one before. */
export function movingAverages(closes: readonly number[], shortPeriod: number, longPeriod: number) {
  if (closes.length < longPeriod + 1) return null;
  const at = (end: number) => ({
    short: mean(closes.slice(end - shortPeriod, end)),
    long: mean(closes.slice(end - longPeriod, end)),
  });
  return { previous: at(closes.length - 1), now: at(closes.length) };
}

/**
 * Moving-average crossover, decided once per completed bar: a golden cross (the short average
 * moves from at-or-below to above the long one) buys when nothing is held; a death cross (from
 * at-or-above to below) sells what is held.
 */
export function maStep(params: MaParams, state: MaState, seen: Observation, holdings: readonly Holding[]): Step<MaState> {
  if (seen.barTime === null || (state.lastBarTime !== null && seen.barTime <= state.lastBarTime)) return { state, intents: [] };
  const next = { lastBarTime: seen.barTime };
  const averages = movingAverages(seen.closes, params.shortPeriod, params.longPeriod);
  if (!averages) return { state: next, intents: [] };
  const { previous, now } = averages;
  const holding = holdings.length > 0;
  if (!holding && previous.short <= previous.long && now.short > now.long) return { state: next, intents: [{ side: 'buy', slot: 0, amount: params.amountPerTrade }] };
  if (holding && previous.short >= previous.long && now.short < now.long) return { state: next, intents: holdings.map((h) => ({ side: 'sell' as const, slot: h.slot })) };
  return { state: next, intents: [] };
}

export function initialState(robot: RobotParams): StrategyState {
  switch (robot.strategy) {
    case 'grid':
      return { lastPrice: null };
    case 'dca':
      return { lastBuyAt: null };
    case 'ma':
      return { lastBarTime: null };
  }
}

/** One step of whichever strategy the robot runs. */
export function step(robot: RobotParams, state: StrategyState, seen: Observation, holdings: readonly Holding[]): Step<StrategyState> {
  switch (robot.strategy) {
    case 'grid':
      return gridStep(robot.params, state as GridState, seen, holdings);
    case 'dca':
      return dcaStep(robot.params, state as DcaState, seen);
    case 'ma':
      return maStep(robot.params, state as MaState, seen, holdings);
  }
}

/** The bar interval whose closes the strategy reads, if any. */
export function barIntervalOf(robot: RobotParams): MaParams['barInterval'] | null {
  return robot.strategy === 'ma' ? robot.params.barInterval : null;
}

/** How many completed closes the strategy needs to see. */
export function closesNeeded(robot: RobotParams): number {
  return robot.strategy === 'ma' ? robot.params.longPeriod + 1 : 0;
}
