import {
  AssetSource,
  OrderDirection,
  OrderType,
  ReviewStatus,
  fromMinor,
  type BacktestResult,
  type Locale,
  type Page,
  type Robot,
  type RobotParams,
  type RobotStrategyInfo,
  type RobotTrade,
} from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { pageAnswer, pageOf, type PageQuery } from '../../db/paging.js';
import type { RobotOrderRow, RobotRow } from '../../db/robots.schema.js';
import { toSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { translate, type MessageKey } from '../../i18n/messages.js';
import { idempotent, inTransaction, userAccounts } from '../ledger/index.js';
import { type Bar, type Instrument, intervalSeconds } from '../market/index.js';
import { closePosition, placeOrder, quote as quoteOf, toOrder, toPosition, tradableInstrument, tradePermission as tradePermissionOf, type TradingDeps, walletFor } from '../trading/index.js';
import { runBacktest } from './backtest.js';
import * as repo from './robots.repository.js';
import { buyQuantity, type CostModel } from './sizing.js';
import { barIntervalOf, closesNeeded, gridLines, initialState, step, type Holding, type Observation, type StrategyState } from './strategies.js';

const TW_BOARD_LOT = 1000;

/** Told after each commit that changes a robot, so the runner's index follows. */
export interface RobotEvents {
  robotChanged(row: RobotRow): void;
}

export interface RobotDeps {
  trading: TradingDeps;
  events: RobotEvents;
}

export interface RobotInput {
  robot: RobotParams;
  stockCode: string;
  source?: number;
  market?: string;
  /** Budget, minor units. */
  amount: number;
}

export const robotParamsOf = (row: Pick<RobotRow, 'strategy' | 'params'>): RobotParams => ({ strategy: row.strategy, params: row.params } as RobotParams);

export function catalogue(): RobotStrategyInfo[] {
  return [
    {
      strategy: 'grid',
      params: [
        { name: 'lower', kind: 'price' },
        { name: 'upper', kind: 'price' },
        { name: 'grids', kind: 'integer' },
        { name: 'amountPerGrid', kind: 'amount' },
      ],
    },
    {
      strategy: 'dca',
      params: [
        { name: 'amountPerInterval', kind: 'amount' },
        { name: 'interval', kind: 'choice', options: ['1m', '1h', '1d', '1w'] },
      ],
    },
    {
      strategy: 'ma',
      params: [
        { name: 'shortPeriod', kind: 'integer' },
        { name: 'longPeriod', kind: 'integer' },
        { name: 'barInterval', kind: 'choice', options: ['1m', '5m', '30m', '1d'] },
        { name: 'amountPerTrade', kind: 'amount' },
      ],
    },
  ];
}

function instrumentOf(deps: RobotDeps, query: { stockCode: string; source?: number; market?: string }): Instrument {
  return tradableInstrument(deps.trading, query);
}

/** The live quote and the cost of trading the instrument, as the trading engine charges it (unlevered market orders). */
function costsOf(deps: RobotDeps, instrument: Instrument) {
  const q = quoteOf(deps.trading, instrument);
  const model: CostModel = {
    multiplier: q.rules.multiplier,
    rate: q.rate,
    feeRate: q.rules.feeRate,
    minFeeMinor: Math.round(q.rules.minFee * 100),
    minCount: q.rules.minCount,
    step: q.rules.step,
    boardLot: instrument.source === AssetSource.TwStock ? TW_BOARD_LOT : null,
  };
  return { model, bid: q.bid, ask: q.ask, price: q.price, halfSpread: q.rules.halfSpread };
}

/** The amount one step spends, and the highest price it buys at, for the "buys at least one unit" check. */
function stepSpend(robot: RobotParams, ask: number): { field: string; amount: number; price: number } {
  switch (robot.strategy) {
    case 'grid': {
      const lines = gridLines(robot.params);
      return { field: 'params.amountPerGrid', amount: robot.params.amountPerGrid, price: lines[lines.length - 2] as number };
    }
    case 'dca':
      return { field: 'params.amountPerInterval', amount: robot.params.amountPerInterval, price: ask };
    case 'ma':
      return { field: 'params.amountPerTrade', amount: robot.params.amountPerTrade, price: ask };
  }
}

/** Checks that need the instrument: one step fits the budget and buys at least the minimum quantity. */
function checkAgainstInstrument(input: RobotInput, model: CostModel, ask: number): void {
  const spend = stepSpend(input.robot, ask);
  if (spend.amount > input.amount) throw AppError.badRequest('robot.stepAboveAmount', { field: spend.field });
  if (!buyQuantity(model, spend.amount, spend.price)) throw AppError.badRequest('robot.stepTooSmall', { field: spend.field, min: model.minCount });
}

/** Completed bars only: the bar still forming would change under the strategy. */
function completedBars(deps: RobotDeps, instrument: Instrument, interval: keyof typeof intervalSeconds): Bar[] {
  const now = deps.trading.clock.now().getTime() / 1000;
  return deps.trading.market.feed.bars(instrument, interval).filter((bar) => bar.t + intervalSeconds[interval] <= now);
}

export function backtest(deps: RobotDeps, input: RobotInput & { interval: keyof typeof intervalSeconds }): BacktestResult {
  const instrument = instrumentOf(deps, input);
  const costs = costsOf(deps, instrument);
  checkAgainstInstrument(input, costs.model, costs.ask);
  const interval = barIntervalOf(input.robot) ?? input.interval;
  return runBacktest({
    robot: input.robot,
    amount: input.amount,
    stockCode: instrument.code,
    currency: walletFor(instrument.source).currency,
    interval,
    intervalSeconds: intervalSeconds[interval],
    bars: completedBars(deps, instrument, interval),
    model: costs.model,
    // The live spread, as a fraction of price, applied to each historical close.
    bidAsk: (price) => ({ bid: price * (costs.bid / costs.price), ask: price * (costs.ask / costs.price) }),
  });
}

export async function createRobot(
  deps: RobotDeps,
  user: { id: number; tradePermission: number },
  input: RobotInput,
  idempotencyKey: string | undefined,
): Promise<Robot> {
  const db = deps.trading.db;
  const now = deps.trading.clock.now();
  const instrument = instrumentOf(deps, input);
  const costs = costsOf(deps, instrument);
  checkAgainstInstrument(input, costs.model, costs.ask);
  if (user.tradePermission !== ReviewStatus.Passed) throw AppError.forbidden('order.permissionRequired');
  const wallet = walletFor(instrument.source);
  const account = (await userAccounts(db, user.id)).find((a) => a.walletType === wallet.walletType && a.currency === wallet.currency);
  const available = account ? account.balance - account.frozen : 0;
  if (available < input.amount) throw AppError.badRequest('robot.amountAboveBalance', { available: fromMinor(available), currency: wallet.currency });
  const body = { ...input, source: instrument.source, stockCode: instrument.code };
  const row = await idempotent(db, { userId: user.id, key: idempotencyKey, route: '/robot/create', body, now }, async (tx, afterCommit) => {
    const created = await repo.insertRobot(tx, {
      userId: user.id,
      strategy: input.robot.strategy,
      source: instrument.source,
      stockCode: instrument.code,
      params: input.robot.params,
      amount: input.amount,
      currency: wallet.currency,
      walletType: wallet.walletType,
      status: 'running',
      state: initialState(input.robot),
      createdAt: now,
      updatedAt: now,
    });
    afterCommit(() => deps.events.robotChanged(created));
    return created;
  });
  // A replayed create answers from the stored row; its dates come back as text.
  const fresh = await repo.findRobot(db, row.id);
  return (await describe(deps, [fresh as RobotRow]))[0] as Robot;
}

async function ownRobot(db: Database, userId: number, id: number): Promise<RobotRow> {
  const row = await repo.findRobot(db, id);
  // Someone else's robot reads as missing: its existence is not theirs to learn.
  if (!row || row.userId !== userId) throw AppError.notFound('robot.notFound');
  return row;
}

export async function listRobots(deps: RobotDeps, userId: number, page: PageQuery): Promise<Page<Robot>> {
  const { rows, total } = await repo.userRobots(deps.trading.db, userId, pageOf(page));
  return pageAnswer(await describe(deps, rows), total, page);
}

export async function robotDetail(deps: RobotDeps, userId: number, id: number): Promise<Robot> {
  return (await describe(deps, [await ownRobot(deps.trading.db, userId, id)]))[0] as Robot;
}

export async function purchaseRecord(
  deps: RobotDeps,
  userId: number,
  query: { id: number; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<Page<RobotTrade>> {
  await ownRobot(deps.trading.db, userId, query.id);
  const { rows, total } = await repo.robotRecord(deps.trading.db, query.id, pageOf(query));
  const list = rows.map(({ step: s, order }) => ({
    id: s.id,
    seq: s.seq,
    side: s.side,
    status: s.status,
    error: s.error === null ? null : errorText(locale, s.error),
    order: order ? toOrder(deps.trading, order) : null,
    createTimeTimestamp: toSeconds(s.createdAt),
  }));
  return pageAnswer(list, total, query);
}

/** A failed step keeps the refusal's key and parameters, so each reader sees it in their own language. */
function errorText(locale: Locale, stored: string): string {
  const { key, params } = JSON.parse(stored) as { key: MessageKey; params: Record<string, string | number> };
  return translate(locale, key, params);
}

/** Moves a robot between running and paused; a stopped robot stays stopped. */
export async function setPaused(deps: RobotDeps, userId: number, id: number, paused: boolean): Promise<Robot> {
  await ownRobot(deps.trading.db, userId, id);
  const row = await inTransaction(deps.trading.db, async (tx, afterCommit) => {
    const robot = (await repo.lockRobot(tx, id)) as RobotRow;
    if (robot.status === 'stopped') throw AppError.conflict('robot.stopped');
    const status = paused ? 'paused' : 'running';
    if (robot.status === status) return robot;
    const updated = await repo.updateRobot(tx, id, { status, updatedAt: deps.trading.clock.now() });
    afterCommit(() => deps.events.robotChanged(updated));
    return updated;
  });
  return (await describe(deps, [row]))[0] as Robot;
}

/**
 * Stops a robot for good. Its open positions stay as the owner's ordinary positions (closable in
 * the Trade tab) unless `closePositions` asks to close them at market now; those closes are the
 * robot's last steps, so they show in its purchase record like any other.
 */
export async function stopRobot(deps: RobotDeps, userId: number, id: number, closePositions: boolean): Promise<Robot> {
  await ownRobot(deps.trading.db, userId, id);
  const now = deps.trading.clock.now();
  const row = await inTransaction(deps.trading.db, async (tx, afterCommit) => {
    const robot = (await repo.lockRobot(tx, id)) as RobotRow;
    if (robot.status === 'stopped') throw AppError.conflict('robot.stopped');
    const closes = closePositions ? holdingsOf(await repo.robotFills(tx, [id])) : [];
    await repo.insertRobotOrders(
      tx,
      closes.map((lot, i) => ({
        robotId: id,
        seq: robot.seq + i + 1,
        side: 'sell' as const,
        slot: lot.slot,
        quantity: lot.quantity,
        positionId: lot.positionId,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const updated = await repo.updateRobot(tx, id, { status: 'stopped', seq: robot.seq + closes.length, stoppedAt: now, updatedAt: now });
    afterCommit(() => deps.events.robotChanged(updated));
    return updated;
  });
  // Steps decided before the stop still carry their keys: they are finished, then the closes.
  await executePending(deps, id);
  return (await describe(deps, [row]))[0] as Robot;
}

interface Fills {
  positions: Awaited<ReturnType<typeof repo.robotFills>>['positions'];
  orders: Awaited<ReturnType<typeof repo.robotFills>>['orders'];
}

/** The robot's money from its fills: realised (closes' profit less the opening fees), floating, and what of the budget is free. */
function accountFor(deps: RobotDeps, robot: RobotRow, fills: Fills, reserved: number) {
  let realised = 0;
  let spent = 0;
  let trades = 0;
  for (const order of fills.orders) {
    if (order.robotId !== robot.id || order.status !== 1) continue;
    trades++;
    if (order.openClose === 0) {
      realised -= order.fee;
      spent += order.margin + order.fee;
    } else {
      realised += order.profit ?? 0;
      spent -= order.margin + (order.profit ?? 0);
    }
  }
  let floating = 0;
  let openQuantity = 0;
  for (const position of fills.positions) {
    if (position.robotId !== robot.id || position.status !== 'open') continue;
    floating += Math.round(toPosition(deps.trading, position).profit * 100);
    openQuantity += position.quantity;
  }
  return { realised, floating, available: robot.amount - spent - reserved, openQuantity, trades };
}

async function describe(deps: RobotDeps, rows: RobotRow[]): Promise<Robot[]> {
  const ids = rows.map((r) => r.id);
  const fills = await repo.robotFills(deps.trading.db, ids);
  const reserved = await repo.pendingReserved(deps.trading.db, ids);
  return rows.map((row) => {
    const instrument = deps.trading.market.catalog.get(row.source, row.stockCode);
    const money = accountFor(deps, row, fills, reserved.get(row.id) ?? 0);
    return {
      id: row.id,
      strategy: row.strategy,
      stockCode: row.stockCode,
      name: instrument?.name ?? row.stockCode,
      market: instrument?.market ?? '',
      source: row.source,
      currency: row.currency,
      amount: fromMinor(row.amount),
      params: wireParams(robotParamsOf(row)),
      tradingStatus: row.status,
      income: fromMinor(money.realised + money.floating),
      realisedIncome: fromMinor(money.realised),
      floatingIncome: fromMinor(money.floating),
      available: fromMinor(money.available),
      openQuantity: money.openQuantity,
      tradeCount: money.trades,
      createTimeTimestamp: toSeconds(row.createdAt),
      modifyTimeTimestamp: toSeconds(row.updatedAt),
    };
  });
}

function wireParams(robot: RobotParams): Record<string, number | string> {
  switch (robot.strategy) {
    case 'grid':
      return { ...robot.params, amountPerGrid: fromMinor(robot.params.amountPerGrid) };
    case 'dca':
      return { ...robot.params, amountPerInterval: fromMinor(robot.params.amountPerInterval) };
    case 'ma':
      return { ...robot.params, amountPerTrade: fromMinor(robot.params.amountPerTrade) };
  }
}

/** What the strategy sees of the market now. */
export function observe(deps: RobotDeps, row: RobotRow, price: number): Observation {
  const robot = robotParamsOf(row);
  const time = Math.floor(deps.trading.clock.now().getTime() / 1000);
  const interval = barIntervalOf(robot);
  if (!interval) return { time, price, closes: [], barTime: null };
  const instrument = deps.trading.market.catalog.get(row.source, row.stockCode);
  const bars = instrument ? completedBars(deps, instrument, interval).slice(-closesNeeded(robot)) : [];
  return { time, price, closes: bars.map((b) => b.close), barTime: bars.at(-1)?.t ?? null };
}

export const holdingsOf = (fills: Fills): Array<Holding & { positionId: number }> =>
  fills.positions.filter((p) => p.status === 'open').map((p) => ({ slot: p.slot, quantity: p.quantity, positionId: p.id }));

export const currentHoldings = async (deps: RobotDeps, robotId: number) => holdingsOf(await repo.robotFills(deps.trading.db, [robotId]));

/**
 * Decides the robot's next steps at `price` and records them (with the strategy's new memory) in
 * one transaction under the robot's row lock; then carries them out. A step is recorded before its
 * order is placed and the order carries the step's key, so a crash in between is finished on
 * restart with the same key instead of placing twice.
 */
export async function evaluate(deps: RobotDeps, robotId: number, price: number): Promise<{ row: RobotRow; holdings: Holding[] } | null> {
  const now = deps.trading.clock.now();
  const decided = await inTransaction(deps.trading.db, async (tx) => {
    const row = await repo.lockRobot(tx, robotId);
    if (!row || row.status !== 'running') return null;
    if ((await repo.pendingSteps(tx, robotId)).length > 0) return { row, steps: 1 };
    const fills = await repo.robotFills(tx, [robotId]);
    const holdings = holdingsOf(fills);
    const robot = robotParamsOf(row);
    const result = step(robot, row.state as StrategyState, observe(deps, row, price), holdings);
    const instrument = deps.trading.market.catalog.get(row.source, row.stockCode);
    let available = accountFor(deps, row, fills, 0).available;
    const steps: repo.NewRobotOrder[] = [];
    for (const intent of result.intents) {
      if (intent.side === 'sell') {
        const lot = holdings.find((h) => h.slot === intent.slot);
        if (lot) steps.push({ robotId, seq: 0, side: 'sell', slot: lot.slot, quantity: lot.quantity, positionId: lot.positionId, status: 'pending', createdAt: now, updatedAt: now });
      } else if (instrument) {
        const costs = costsOf(deps, instrument);
        const sized = buyQuantity(costs.model, Math.min(intent.amount, available), costs.ask);
        if (!sized) continue;
        available -= sized.cost;
        steps.push({ robotId, seq: 0, side: 'buy', slot: intent.slot, quantity: sized.quantity, reserved: sized.cost, status: 'pending', createdAt: now, updatedAt: now });
      }
    }
    const stateChanged = JSON.stringify(result.state) !== JSON.stringify(row.state);
    if (steps.length === 0 && !stateChanged) return { row, steps: 0 };
    steps.forEach((s, i) => (s.seq = row.seq + i + 1));
    await repo.insertRobotOrders(tx, steps);
    const updated = await repo.updateRobot(tx, robotId, { state: result.state, seq: row.seq + steps.length, updatedAt: steps.length > 0 ? now : row.updatedAt });
    return { row: updated, steps: steps.length };
  });
  if (!decided) return null;
  if (decided.steps > 0) await executePending(deps, robotId);
  return { row: decided.row, holdings: await currentHoldings(deps, robotId) };
}

/** Carries out a robot's recorded steps in order, each as an ordinary order under its step's idempotency key. */
export async function executePending(deps: RobotDeps, robotId: number): Promise<void> {
  const db = deps.trading.db;
  const robot = await repo.findRobot(db, robotId);
  if (!robot) return;
  for (const pending of await repo.pendingSteps(db, robotId)) await carryOut(deps, robot, pending);
}

async function carryOut(deps: RobotDeps, robot: RobotRow, pending: RobotOrderRow): Promise<void> {
  const db = deps.trading.db;
  const key = `robot-${robot.id}-${pending.seq}`;
  const now = deps.trading.clock.now();
  try {
    let orderId: number;
    if (pending.side === 'buy') {
      const user = { id: robot.userId, tradePermission: await tradePermissionOf(db, robot.userId) };
      const input = { stockCode: robot.stockCode, source: robot.source, direction: OrderDirection.Buy, orderType: OrderType.Market, quantity: pending.quantity } as const;
      orderId = (await placeOrder(deps.trading, user, input, key)).id;
    } else {
      orderId = (await closePosition(deps.trading, robot.userId, pending.positionId as number, undefined, 'user', key)).id;
    }
    await repo.updateRobotOrder(db, pending.id, { status: 'filled', orderId, reserved: 0, updatedAt: now });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Another caller is placing this very step under its key: it will record the fill.
    if (error.key === 'idempotency.inFlight') return;
    // A refusal (market closed, funds gone, position closed by hand) is recorded on the step; the robot goes on.
    await repo.failRobotOrder(db, pending.id, JSON.stringify({ key: error.key, params: error.params }), now);
  }
}

export const robotById = (deps: RobotDeps, id: number) => repo.findRobot(deps.trading.db, id);
export const runningRobots = (deps: RobotDeps) => repo.runningRobots(deps.trading.db);
export const robotsWithPendingSteps = (deps: RobotDeps) => repo.robotsWithPendingSteps(deps.trading.db);
