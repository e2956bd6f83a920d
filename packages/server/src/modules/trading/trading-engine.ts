import { OrderStatus, symbolKey, type QuoteTick } from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import type { PrivateMessage } from '../../bus/bus.js';
import type { UserChannels } from '../realtime/index.js';
import type { Instrument } from '../market/index.js';
import { walletBalance, type WalletDeps } from '../wallet/index.js';
import * as near from './near-liquidation.js';
import * as repo from './trading.repository.js';
import { quoteSourceOf } from './trading-rules.js';
import { expireOrder, fillDue, fillRestingOrder } from './orders.service.js';
import { type CloseReason, closeOnTrigger, closePosition } from './positions.service.js';
import type { TradingDeps, TradingEvents } from './trading-deps.js';
import { PriceBands } from './price-bands.js';
import {
  instrumentOfRow,
  mayReachMarginRatio,
  positionValue,
  quote,
  quoteIfPriced,
  restingOrderTypes,
  shouldLiquidate,
  tpSlDue,
  type Quote,
} from './trading-pricing.js';
import { toOrder, toPosition } from './trading.mappers.js';

const RESYNC_EVERY_SECONDS = 30;
/**
 * Rows per read of a resync. The whole book in one read and one loop held the event loop for 0.3–0.4 s with
 * 30,000 open positions, every 30 s: the orders in that moment waited for it (issue 22, fixed-rate p99).
 */
const RESYNC_PAGE_ROWS = 1000;

type Index<T> = Map<string, Map<number, T>>;
type Indexed = { id: number; source: number; stockCode: string };

/**
 * The house's matching and risk loop (DESIGN §5): on every tick it fills resting limit orders the
 * quote crosses, marks open positions and liquidates those at the maintenance level; every second
 * it pushes marked positions to their owners, settles expired futures and expires resting orders
 * whose time in force ran out. The database stays the
 * truth: each action re-checks under its row lock, so a stale index only costs a no-op.
 */
export class TradingEngine implements TradingEvents {
  private readonly resting: Index<OrderRow> = new Map();
  private readonly open: Index<PositionRow> = new Map();
  /**
   * Open position id → the row version (`xmin`) of the row the index holds, when known: read by a resync or told with
   * an event. A resync reads ids and versions and whole rows only where the version moved, is not known, or the index
   * lacks the row: with ~50,000 open positions, reading and replacing every row each 30 s held orders up to 150 ms
   * (issue 22, fixed-rate p99).
   */
  private readonly positionVersions = new Map<number, string>();
  /** What the last resync read of the open positions: versions, and whole rows (tests and the lab notes read it). */
  readonly lastPositionsResync = { versions: 0, rows: 0 };
  /** While a resync runs: the ids each index heard of from events, whose rows are newer than the pages read. */
  private touched: { resting: Set<number>; open: Set<number> } | undefined;
  private readonly marked = new Set<PositionRow>();
  /** Symbols whose tick fell inside their price band: all of their open positions count as marked. */
  private readonly markedSymbols = new Set<string>();
  private readonly bands = new PriceBands();
  private readonly busy = new Set<string>();
  /** Position id → margin its near-liquidation notice was sent at (near_liquidation_notices), so a tick needs no query. */
  private noticed = new Map<number, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private seconds = 0;
  private deps: TradingDeps | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly channels: UserChannels,
    private readonly walletDeps: () => WalletDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Gives the engine what it needs to tell owners of changes; every process does this. */
  bind(deps: TradingDeps): void {
    this.deps = deps;
  }

  /** True on the process that leads: only there does the engine fill, mark and liquidate. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Becomes the house's loop: indexes every resting order and open position from the database. */
  async start(): Promise<void> {
    await this.resync();
    this.timer = setInterval(() => void this.everySecond(), 1000);
    this.timer.unref();
  }

  /**
   * Rebuilds the index from the database at start, and corrects it now and then in case a change was missed:
   * page by page in id order, yielding between pages, and merged into the live index rather than replacing
   * it, so a row an event changed meanwhile keeps the event's version.
   */
  async resync(): Promise<void> {
    const deps = this.requireDeps();
    this.touched = { resting: new Set(), open: new Set() };
    try {
      const seenOrders = await this.readPages(this.resting, (afterId) => repo.restingOrdersAfter(deps.db, afterId, RESYNC_PAGE_ROWS));
      const seenPositions = await this.readOpenPositions(deps);
      this.dropUnseen(this.resting, seenOrders);
      this.dropUnseen(this.open, seenPositions);
      this.noticed = await near.noticedPositions(deps);
    } finally {
      this.touched = undefined;
    }
  }

  /** How many resting orders and open positions the index holds (what the resync tests compare with the database). */
  get indexSize(): { resting: number; open: number } {
    const count = (index: Index<Indexed>) => [...index.values()].reduce((sum, rows) => sum + rows.size, 0);
    return { resting: count(this.resting), open: count(this.open) };
  }

  private async readPages<T extends Indexed>(index: Index<T>, read: (afterId: number) => Promise<T[]>): Promise<Set<number>> {
    const seen = new Set<number>();
    const touched = this.touchedOf(index) ?? new Set<number>();
    for (let afterId = 0; ; ) {
      const page = await read(afterId);
      for (const row of page) {
        seen.add(row.id);
        if (!touched.has(row.id)) this.place(index, row, true);
      }
      if (page.length < RESYNC_PAGE_ROWS) return seen;
      afterId = page[page.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The open positions' versions page by page; whole rows only for those new to the index or changed since read. */
  private async readOpenPositions(deps: TradingDeps): Promise<Set<number>> {
    const seen = new Set<number>();
    const touched = this.touched?.open ?? new Set<number>();
    let rows = 0;
    for (let afterId = 0; ; ) {
      const page = await repo.openPositionVersionsAfter(deps.db, afterId, RESYNC_PAGE_ROWS);
      const stale: number[] = [];
      for (const { id, source, stockCode, version } of page) {
        seen.add(id);
        if (touched.has(id)) continue;
        const indexed = this.open.get(symbolKey({ source: quoteSourceOf(source), code: stockCode }))?.has(id) === true;
        if (!indexed || this.positionVersions.get(id) !== version) stale.push(id);
      }
      for (const { row, version } of await repo.openPositionsWithVersions(deps.db, stale)) {
        rows += 1;
        // An event during the read brought a newer row, and its own version or none: both stay.
        if (touched.has(row.id)) continue;
        this.positionVersions.set(row.id, version);
        this.place(this.open, row, true);
      }
      if (page.length < RESYNC_PAGE_ROWS) break;
      afterId = page[page.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const id of this.positionVersions.keys()) if (!seen.has(id)) this.positionVersions.delete(id);
    this.lastPositionsResync.versions = seen.size;
    this.lastPositionsResync.rows = rows;
    return seen;
  }

  /** Takes out what the database no longer has resting or open, unless an event spoke of it meanwhile. */
  private dropUnseen<T extends Indexed>(index: Index<T>, seen: ReadonlySet<number>): void {
    const touched = this.touchedOf(index);
    for (const rows of [...index.values()]) {
      for (const row of [...rows.values()]) if (!seen.has(row.id) && !touched?.has(row.id)) this.place(index, row, false);
    }
  }

  /** Stops acting and resolves once the actions in flight have finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.resting.clear();
    this.open.clear();
    this.marked.clear();
    this.markedSymbols.clear();
    this.bands.clear();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Another process changed this order or position: the leader reads it again and re-indexes it. */
  async reload(kind: 'order' | 'position', id: number): Promise<void> {
    if (!this.running) return;
    const db = this.requireDeps().db;
    if (kind === 'order') {
      const row = await repo.findOrder(db, id);
      if (row) this.index(this.resting, row, isResting(row));
    } else {
      const row = await repo.findPosition(db, id);
      if (row) this.indexPosition(row, undefined);
    }
  }

  orderChanged(row: OrderRow): void {
    if (this.running) this.index(this.resting, row, isResting(row));
    this.pushWire(row, (deps) => ({ type: 'order', order: toOrder(deps, row) }));
    this.pushBalance(row.userId, row.walletType);
  }

  positionChanged(row: PositionRow, version?: string): void {
    if (this.running) this.indexPosition(row, version);
    this.pushWire(row, (deps) => ({ type: 'position', position: toPosition(deps, row) }));
  }

  /** Called for every quote tick. */
  onTick(tick: QuoteTick): void {
    const deps = this.deps;
    if (!this.running || !deps) return;
    const key = symbolKey(tick);
    for (const order of this.resting.get(key)?.values() ?? []) {
      if (fillDue(deps, order)) this.act(`order:${order.id}`, () => this.fill(order.id));
    }
    const positions = this.open.get(key);
    const first = positions?.values().next().value;
    if (!positions || !first) return;
    // Every position under the tick's key has the tick's instrument, so one quote serves them all.
    const instrument = instrumentOfRow(deps, first);
    const q = quote(deps, instrument);
    if (this.bands.quiet(key, q, instrument)) {
      this.markedSymbols.add(key);
      return;
    }
    for (const position of positions.values()) {
      if (shouldLiquidate(deps, position, q)) {
        this.act(`position:${position.id}`, () => this.close(position.id, 'liquidation'));
      } else if (tpSlDue(deps, position, q)) {
        this.act(`position:${position.id}`, () => this.closeAtLevel(position.id));
      } else this.marked.add(position);
    }
    this.bands.remake(deps, key, positions.values(), q, instrument);
  }

  private async fill(orderId: number): Promise<void> {
    // Not filled though the index said it crosses: the indexed row may be stale, so read it again.
    if (this.deps && !(await fillRestingOrder(this.deps, orderId))) await this.reload('order', orderId);
  }

  /** Time in force ran out: decided again under the order's lock, so the hold is voided once. */
  private async expire(orderId: number): Promise<void> {
    if (!this.deps) return;
    const order = await expireOrder(this.deps, orderId);
    if (order) this.log.info({ orderId, timeInForce: order.timeInForce }, 'trading: order expired');
  }

  private async close(positionId: number, reason: CloseReason): Promise<void> {
    if (!this.deps) return;
    try {
      await closePosition(this.deps, null, positionId, undefined, reason);
      this.log.info({ positionId, reason }, 'trading: position closed by the engine');
    } catch (error) {
      if ((error as { key?: string }).key !== 'position.alreadyClosed') throw error;
    }
  }

  /** Take-profit or stop-loss: decided again under the position's lock, so it closes once. */
  private async closeAtLevel(positionId: number): Promise<void> {
    if (!this.deps) return;
    const order = await closeOnTrigger(this.deps, positionId);
    if (order) this.log.info({ positionId, orderId: order.id }, 'trading: position closed at its take-profit or stop-loss');
  }

  /** Runs one action per order or position at a time; failures are logged, never thrown into the tick loop. */
  private act(id: string, work: () => Promise<void>): void {
    if (this.busy.has(id)) return;
    this.busy.add(id);
    const action = work()
      .catch((error: unknown) => this.log.error({ err: error, id }, 'trading: engine action failed'))
      .finally(() => {
        this.busy.delete(id);
        this.inFlight.delete(action);
      });
    this.inFlight.add(action);
  }

  private async everySecond(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    for (const key of this.markedSymbols) for (const position of this.open.get(key)?.values() ?? []) this.marked.add(position);
    this.markedSymbols.clear();
    // One quote per instrument and one valuation per position serve both the push and the risk look (issue 22).
    const quotes = new Map<Instrument, Quote | undefined>();
    const noticeRatio = deps.config.NEAR_LIQUIDATION_MARGIN_RATIO;
    for (const position of this.marked) {
      // A follow's positions are shown on the follow's page and have no notice of their own.
      if (position.status !== 'open' || position.followId !== null) continue;
      const priced = quoteOf(deps, position, quotes);
      if (priced === undefined) continue;
      const listening = this.channels.isListening(position.userId);
      // Nobody to show it to and far from its notice: the exact valuation would change nothing.
      if (!listening && !this.noticed.has(position.id) && !mayReachMarginRatio(deps, position, priced.quote, noticeRatio)) continue;
      const value = positionValue(deps, position, priced.instrument, priced.quote);
      this.pushWire(position, (bound) => ({ type: 'position', position: toPosition(bound, position, value) }));
      this.watchRisk(deps, position, value.marginRatio);
    }
    this.marked.clear();
    try {
      // Changes from other processes come over the bus, which keeps nothing while Redis is away.
      if (++this.seconds % RESYNC_EVERY_SECONDS === 0) await this.resync();
      for (const id of await repo.expiredPositionIds(deps.db, deps.clock.now())) this.act(`position:${id}`, () => this.close(id, 'expiry'));
      // Time in force: resting orders whose day (or GTC limit) is over. Read from the database every
      // second, so a restart or a new leader picks up what was due while no one led.
      for (const id of await repo.expiredOrderIds(deps.db, deps.clock.now())) this.act(`order:${id}`, () => this.expire(id));
    } catch (error) {
      this.log.error({ err: error }, 'trading: expiry sweep failed');
    }
  }

  /**
   * Near liquidation: one notice per approach (near-liquidation.ts). Looked at once a second for the
   * positions the last second's ticks moved; the database decides again under the position's lock.
   */
  private watchRisk(deps: TradingDeps, position: PositionRow, marginRatio: number): void {
    const state = near.nearLiquidationState(deps.config.NEAR_LIQUIDATION_MARGIN_RATIO, marginRatio);
    const told = this.noticed.get(position.id);
    if (state === 'near' && told !== position.margin) {
      this.act(`near:${position.id}`, async () => {
        const result = await near.sendNearLiquidationNotice(deps, position.id);
        if (result.margin === null) this.noticed.delete(position.id);
        else this.noticed.set(position.id, result.margin);
        if (result.sent) this.log.info({ positionId: position.id, marginRatio }, 'trading: near-liquidation notice sent');
      });
    } else if (state === 'clear' && told !== undefined) {
      this.act(`near:${position.id}`, async () => {
        await near.rearmNearLiquidation(deps, position.id);
        this.noticed.delete(position.id);
      });
    }
  }

  private requireDeps(): TradingDeps {
    if (!this.deps) throw new Error('the trading engine was started before bind()');
    return this.deps;
  }

  /**
   * Pushes an order or position to its owner's apps. A follow's are shown on the follow's page, not in the
   * Trade tab's lists; and the wire form is built only when an app may be open: most have no one to push to.
   */
  private pushWire(row: { userId: number; followId: number | null }, build: (deps: TradingDeps) => PrivateMessage): void {
    if (!this.deps || row.followId !== null || !this.channels.isListening(row.userId)) return;
    this.channels.send(row.userId, build(this.deps));
  }

  private pushBalance(userId: number, walletType: string): void {
    if (!this.channels.isListening(userId)) return;
    walletBalance(this.walletDeps(), userId, walletType as never)
      .then((wallet) => this.channels.send(userId, { type: 'balance', wallet }))
      .catch((error: unknown) => this.log.warn({ err: error }, 'trading: balance push failed'));
  }

  private index<T extends Indexed>(index: Index<T>, row: T, keep: boolean): void {
    this.touchedOf(index)?.add(row.id);
    this.place(index, row, keep);
  }

  /** An event's or a reload's row, with its version when the writer knew it; one not known is read whole at the next resync. */
  private indexPosition(row: PositionRow, version: string | undefined): void {
    this.index(this.open, row, row.status === 'open');
    if (version !== undefined && row.status === 'open') this.positionVersions.set(row.id, version);
    else this.positionVersions.delete(row.id);
  }

  private place<T extends Indexed>(index: Index<T>, row: T, keep: boolean): void {
    const key = place(index, row, keep);
    // A position placed (opened, or changed) may be due sooner than any before it: its symbol's band narrows.
    if (keep && index === (this.open as Index<Indexed>) && this.deps) this.bands.place(this.deps, key, row as unknown as PositionRow);
  }

  private touchedOf(index: object): Set<number> | undefined {
    return index === this.resting ? this.touched?.resting : this.touched?.open;
  }
}

/** Puts `row` in (or takes it out of) its symbol's rows; answers the symbol's key. */
function place<T extends Indexed>(index: Index<T>, row: T, keep: boolean): string {
  const key = symbolKey({ source: quoteSourceOf(row.source), code: row.stockCode });
  const rows = index.get(key) ?? new Map<number, T>();
  if (keep) rows.set(row.id, row);
  else rows.delete(row.id);
  if (rows.size > 0) index.set(key, rows);
  else index.delete(key);
  return key;
}

/** The position's instrument and its quote now (one quote per instrument in `quotes`); undefined when it cannot be priced. */
function quoteOf(deps: TradingDeps, position: PositionRow, quotes: Map<Instrument, Quote | undefined>): { instrument: Instrument; quote: Quote } | undefined {
  const instrument = deps.market.catalog.get(quoteSourceOf(position.source), position.stockCode);
  if (!instrument) return undefined;
  if (!quotes.has(instrument)) quotes.set(instrument, quoteIfPriced(deps, instrument));
  const q = quotes.get(instrument);
  return q && { instrument, quote: q };
}

function isResting(row: OrderRow): boolean {
  return row.status === OrderStatus.InProgress && restingOrderTypes.includes(row.orderType);
}
