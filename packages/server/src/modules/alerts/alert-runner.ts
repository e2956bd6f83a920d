import { symbolKey, type QuoteTick } from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Singleton } from '../../cluster/leadership.js';
import * as repo from './alerts.repository.js';
import { fireAlert, reached, type AlertDeps } from './alerts.service.js';

/** How often the index is read again from the database (alerts set through another process). */
const RELOAD_MS = 1000;

/**
 * Evaluates price alerts on quotes, on the leading process (DESIGN §7). Active alerts are indexed
 * by symbol in memory, so a tick costs a map lookup; the index is read again every second, which
 * picks up alerts created or deleted on another process. Firing is decided in the database
 * (`markTriggered`: update … where status = 'active' returning), so a stale index, two ticks or
 * two processes can never fire an alert twice.
 */
export class AlertRunner implements Singleton {
  private readonly bySymbol = new Map<string, Map<number, repo.PriceAlertRow>>();
  private readonly busy = new Set<number>();
  private readonly inFlight = new Set<Promise<void>>();
  private deps: AlertDeps | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  bind(deps: AlertDeps): void {
    this.deps = deps;
  }

  get active(): boolean {
    return this.timer !== undefined;
  }

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch((error: unknown) => this.log.error({ err: error }, 'alerts: reload failed')), RELOAD_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.bySymbol.clear();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Created or deleted on this process: indexed at once (the others see it at the next reload). */
  alertChanged(row: repo.PriceAlertRow, active: boolean): void {
    if (!this.active) return;
    const key = symbolKey({ source: row.source, code: row.stockCode });
    const rows = this.bySymbol.get(key) ?? new Map<number, repo.PriceAlertRow>();
    if (active && row.status === 'active') rows.set(row.id, row);
    else rows.delete(row.id);
    if (rows.size > 0) this.bySymbol.set(key, rows);
    else this.bySymbol.delete(key);
  }

  onTick(tick: QuoteTick): void {
    if (!this.active) return;
    const rows = this.bySymbol.get(symbolKey(tick));
    if (!rows) return;
    for (const row of rows.values()) {
      if (reached(row, tick.price_nominal)) this.fire(row, tick.price_nominal);
    }
  }

  private fire(row: repo.PriceAlertRow, price: number): void {
    const deps = this.deps;
    if (!deps || this.busy.has(row.id)) return;
    this.busy.add(row.id);
    const work = fireAlert(deps, row.id, price)
      .then(() => this.alertChanged(row, false))
      .catch((error: unknown) => this.log.error({ err: error, alertId: row.id }, 'alerts: firing failed'))
      .finally(() => {
        this.busy.delete(row.id);
        this.inFlight.delete(work);
      });
    this.inFlight.add(work);
  }

  private async reload(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    const rows = await repo.activeAlerts(deps.db);
    this.bySymbol.clear();
    for (const row of rows) {
      const key = symbolKey({ source: row.source, code: row.stockCode });
      const map = this.bySymbol.get(key) ?? new Map<number, repo.PriceAlertRow>();
      map.set(row.id, row);
      this.bySymbol.set(key, map);
    }
  }
}
