import { OrderStatus } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { Metrics } from '../../plugins/metrics.plugin.js';
import { countFilledOrders, countOrdersByStatus } from './order-counts.repository.js';
import type { CloseBatcher } from './close-batcher.js';
import type { FillBatcher } from './fill-batcher.js';
import type { OrderBatcher } from './order-batcher.js';

const statusNames: Record<number, string> = {
  [OrderStatus.InProgress]: 'in_progress',
  [OrderStatus.Success]: 'filled',
  [OrderStatus.Cancelled]: 'cancelled',
  [OrderStatus.Pending]: 'pending_review',
};

/** The order figures on /metrics, read from the database at scrape time so every process reports the same. */
export function registerOrderGauges(metrics: Metrics, db: Database): void {
  metrics.registerGauge({
    name: 'tradewind_orders',
    help: 'Orders in the database by status (filled orders are the fills); read from the database at scrape time',
    labelNames: ['status'] as const,
    async collect() {
      const rows = await countOrdersByStatus(db);
      for (const name of Object.values(statusNames)) this.set({ status: name }, 0);
      for (const row of rows) this.set({ status: statusNames[row.status] ?? String(row.status) }, row.count);
    },
  });
  metrics.registerGauge({
    name: 'tradewind_fills',
    help: 'Filled orders in the database (all processes); rate() of it is fills per second',
    async collect() {
      this.set(await countFilledOrders(db));
    },
  });
}

/** This process's order batches: how many statements and orders, and the largest batch (issue 22). */
export function registerBatchGauges(metrics: Metrics, batcher: OrderBatcher): void {
  metrics.registerGauge({
    name: 'tradewind_order_batches',
    help: 'Order statements this process committed (batches), the orders in them, batches split after an error, and the largest batch',
    labelNames: ['figure'] as const,
    collect() {
      const { batches, orders, splits, largest } = batcher.stats;
      this.set({ figure: 'batches' }, batches);
      this.set({ figure: 'orders' }, orders);
      this.set({ figure: 'splits' }, splits);
      this.set({ figure: 'largest' }, largest);
    },
  });
}

/** This process's close batches: statements, the closes they applied, closes made alone, retries, positions known or read (issue 22). */
export function registerCloseBatchGauges(metrics: Metrics, batcher: CloseBatcher): void {
  metrics.registerGauge({
    name: 'tradewind_close_batches',
    help: 'Close statements this process committed (batches), the closes they applied, closes made alone (position changed or statement refused), statements retried, the largest batch, and positions taken as this process wrote them (known) or read',
    labelNames: ['figure'] as const,
    collect() {
      const { batches, closes, alone, retries, largest, known, read } = batcher.stats;
      this.set({ figure: 'batches' }, batches);
      this.set({ figure: 'closes' }, closes);
      this.set({ figure: 'alone' }, alone);
      this.set({ figure: 'retries' }, retries);
      this.set({ figure: 'largest' }, largest);
      this.set({ figure: 'known' }, known);
      this.set({ figure: 'read' }, read);
    },
  });
}

export function registerFillBatchGauges(metrics: Metrics, batcher: FillBatcher): void {
  metrics.registerGauge({
    name: 'tradewind_fill_batches',
    help: "The engine's fill statements this process committed (batches), the fills they applied, fills decided alone (order changed, statement refused, or not a fill its hold pays for), statements retried, the largest batch",
    labelNames: ['figure'] as const,
    collect() {
      const { batches, fills, alone, retries, largest } = batcher.stats;
      this.set({ figure: 'batches' }, batches);
      this.set({ figure: 'fills' }, fills);
      this.set({ figure: 'alone' }, alone);
      this.set({ figure: 'retries' }, retries);
      this.set({ figure: 'largest' }, largest);
    },
  });
}
