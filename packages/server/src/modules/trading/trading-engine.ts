import { OrderStatus, OrderType, symbolKey, type QuoteTick } from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import type { UserChannels } from '../realtime/user-channels.js';
import { walletBalance, type WalletDeps } from '../wallet/wallet.service.js';
import * as repo from './trading.repository.js';
import { quoteSourceOf } from './trading-rules.js';
import * as trading from './trading.service.js';

/**
 * The house's matching and risk loop (DESIGN §5): on every tick it fills resting limit orders the
 * quote crosses, marks open positions and liquidates those at the maintenance level; every second
 * it pushes marked positions to their owners and settles expired futures. The database stays the
 * truth: each action re-checks under its row lock, so a stale index only costs a no-op.
 */
export class TradingEngine implements trading.TradingEvents {
  private readonly resting = new Map<string, Map<number, OrderRow>>();
  private readonly open = new Map<string, Map<number, PositionRow>>();
  private readonly marked = new Set<PositionRow>();
  private readonly busy = new Set<string>();
  private deps: trading.TradingDeps | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly channels: UserChannels,
    private readonly walletDeps: () => WalletDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(deps: trading.TradingDeps): Promise<void> {
    this.deps = deps;
    for (const order of await repo.restingOrders(deps.db)) this.index(this.resting, order, true);
    for (const position of await repo.openPositions(deps.db)) this.index(this.open, position, true);
    this.timer = setInterval(() => void this.everySecond(), 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  orderChanged(row: OrderRow): void {
    this.index(this.resting, row, row.status === OrderStatus.InProgress && row.orderType === OrderType.Limit);
    // A follow's orders and positions are shown on the follow's page, not in the Trade tab's lists.
    if (this.deps && row.followId === null) this.channels.send(row.userId, { type: 'order', order: trading.toOrder(this.deps, row) });
    this.pushBalance(row.userId, row.walletType);
  }

  positionChanged(row: PositionRow): void {
    this.index(this.open, row, row.status === 'open');
    if (this.deps && row.followId === null) this.channels.send(row.userId, { type: 'position', position: trading.toPosition(this.deps, row) });
  }

  /** Called for every quote tick. */
  onTick(tick: QuoteTick): void {
    const key = symbolKey(tick);
    for (const order of this.resting.get(key)?.values() ?? []) this.act(`order:${order.id}`, () => this.fill(order.id));
    for (const position of this.open.get(key)?.values() ?? []) {
      if (this.deps && trading.shouldLiquidate(this.deps, position)) {
        this.act(`position:${position.id}`, () => this.close(position.id, 'liquidation'));
      } else this.marked.add(position);
    }
  }

  private async fill(orderId: number): Promise<void> {
    if (this.deps) await trading.fillRestingOrder(this.deps, orderId);
  }

  private async close(positionId: number, reason: trading.CloseReason): Promise<void> {
    if (!this.deps) return;
    try {
      await trading.closePosition(this.deps, null, positionId, undefined, reason);
      this.log.info({ positionId, reason }, 'trading: position closed by the engine');
    } catch (error) {
      if ((error as { key?: string }).key !== 'position.alreadyClosed') throw error;
    }
  }

  /** Runs one action per order or position at a time; failures are logged, never thrown into the tick loop. */
  private act(id: string, work: () => Promise<void>): void {
    if (this.busy.has(id)) return;
    this.busy.add(id);
    work()
      .catch((error: unknown) => this.log.error({ err: error, id }, 'trading: engine action failed'))
      .finally(() => this.busy.delete(id));
  }

  private async everySecond(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    for (const position of this.marked) {
      if (position.status === 'open' && position.followId === null) this.channels.send(position.userId, { type: 'position', position: trading.toPosition(deps, position) });
    }
    this.marked.clear();
    try {
      for (const id of await repo.expiredPositionIds(deps.db, deps.clock.now())) this.act(`position:${id}`, () => this.close(id, 'expiry'));
    } catch (error) {
      this.log.error({ err: error }, 'trading: expiry sweep failed');
    }
  }

  private pushBalance(userId: number, walletType: string): void {
    if (!this.channels.isListening(userId)) return;
    walletBalance(this.walletDeps(), userId, walletType as never)
      .then((wallet) => this.channels.send(userId, { type: 'balance', wallet }))
      .catch((error: unknown) => this.log.warn({ err: error }, 'trading: balance push failed'));
  }

  private index<T extends { id: number; source: number; stockCode: string }>(map: Map<string, Map<number, T>>, row: T, keep: boolean): void {
    const key = symbolKey({ source: quoteSourceOf(row.source), code: row.stockCode });
    const rows = map.get(key) ?? new Map<number, T>();
    if (keep) rows.set(row.id, row);
    else rows.delete(row.id);
    if (rows.size > 0) map.set(key, rows);
    else map.delete(key);
  }
}
