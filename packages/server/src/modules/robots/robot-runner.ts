import { symbolKey, type QuoteTick } from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RobotRow } from '../../db/robots.schema.js';
import { quoteSourceOf } from '../trading/index.js';
import * as robots from './robots.service.js';
import { step, type Holding, type StrategyState } from './strategies.js';

const PENDING_SWEEP_MS = 5000;

interface Watched {
  row: RobotRow;
  holdings: Holding[];
}

/**
 * The one loop that runs robots (a singleton per server, like the trading engine): on each tick
 * of a symbol it asks the running robots on it what they would do. Most ticks change nothing, and
 * that is found out in memory; only a tick that would trade or move a strategy's memory opens a
 * transaction, which decides again from the database under the robot's row lock. One action per
 * robot at a time; a tick that arrives while the robot is busy is skipped (the next one comes).
 */
export class RobotRunner implements robots.RobotEvents {
  private readonly bySymbol = new Map<string, Map<number, Watched>>();
  private readonly busy = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private deps: robots.RobotDeps | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Gives the runner its deps; every process does this, only the leader starts it. */
  bind(deps: robots.RobotDeps): void {
    this.deps = deps;
  }

  get active(): boolean {
    return this.timer !== undefined;
  }

  async start(): Promise<void> {
    const deps = this.deps;
    if (!deps) throw new Error('the robot runner was started before bind()');
    this.bySymbol.clear();
    for (const row of await robots.runningRobots(deps)) this.watch(row, await robots.currentHoldings(deps, row.id));
    // Steps decided before a crash or restart are carried out with the keys they were given, and
    // so is any step a transient failure left pending.
    await this.finishPending();
    this.timer = setInterval(() => void this.finishPending(), PENDING_SWEEP_MS);
    this.timer.unref();
  }

  /** Another process changed this robot: the leader reads it again. */
  async reload(id: number): Promise<void> {
    const deps = this.deps;
    if (!deps || !this.active) return;
    const row = await robots.robotById(deps, id);
    if (row) this.robotChanged(row);
  }

  private async finishPending(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    try {
      for (const id of await robots.robotsWithPendingSteps(deps)) if (!this.busy.has(id)) this.act(id, () => robots.executePending(deps, id));
    } catch (error) {
      this.log.error({ err: error }, 'robots: pending sweep failed');
    }
  }

  robotChanged(row: RobotRow): void {
    const deps = this.deps;
    if (!this.active) return;
    this.bySymbol.get(this.key(row))?.delete(row.id);
    if (row.status === 'running' && deps) this.act(row.id, async () => this.watch(row, await robots.currentHoldings(deps, row.id)));
  }

  onTick(tick: QuoteTick): void {
    const deps = this.deps;
    if (!deps || !this.active) return;
    for (const watched of this.bySymbol.get(symbolKey(tick))?.values() ?? []) {
      if (this.busy.has(watched.row.id)) continue;
      const robot = robots.robotParamsOf(watched.row);
      const state = watched.row.state as StrategyState;
      const result = step(robot, state, robots.observe(deps, watched.row, tick.price_nominal), watched.holdings);
      if (result.intents.length === 0 && JSON.stringify(result.state) === JSON.stringify(state)) continue;
      this.act(watched.row.id, async () => {
        const fresh = await robots.evaluate(deps, watched.row.id, tick.price_nominal);
        if (fresh && fresh.row.status === 'running') this.watch(fresh.row, fresh.holdings);
      });
    }
  }

  /** Resolves once every action started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Stops taking steps and resolves once the steps in flight have finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.bySymbol.clear();
    await this.idle();
  }

  private act(id: number, work: () => Promise<void>): void {
    this.busy.add(id);
    const done = work()
      .catch((error: unknown) => this.log.error({ err: error, robotId: id }, 'robots: step failed'))
      .finally(() => {
        this.busy.delete(id);
        this.running.delete(done);
      });
    this.running.add(done);
  }

  private key(row: RobotRow): string {
    return symbolKey({ source: quoteSourceOf(row.source), code: row.stockCode });
  }

  private watch(row: RobotRow, holdings: Holding[]): void {
    const key = this.key(row);
    const rows = this.bySymbol.get(key) ?? new Map<number, Watched>();
    rows.set(row.id, { row, holdings });
    this.bySymbol.set(key, rows);
  }
}
