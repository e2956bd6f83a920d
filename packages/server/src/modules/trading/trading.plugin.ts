import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KnownPositions } from './known-positions.js';
import { CloseBatcher } from './close-batcher.js';
import { FillBatcher } from './fill-batcher.js';
import { OrderBatcher } from './order-batcher.js';
import { registerBatchGauges, registerCloseBatchGauges, registerFillBatchGauges, registerOrderGauges } from './order-gauges.js';
import type { TradingDeps, TradingEvents } from './trading-deps.js';
import { TradingEngine } from './trading-engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading deps of this server: its engine hears of every order and position they change. */
    trading: TradingDeps;
  }
}

/**
 * Builds the trading engine and the deps every trading call goes through (`app.trading`): the engine
 * runs on the leader, hears ticks from the market and changes made by other processes over the bus;
 * `/metrics` counts the resting orders and the fills.
 */
export const tradingPlugin = fp(
  (app: FastifyInstance) => {
    const walletDeps = app.wallet;
    const engine = new TradingEngine(app.userChannels, () => walletDeps, app.log);
    // The owner hears of a change from the process that made it; the engine, which runs on the
    // leader only, hears of it directly there and over the bus from the other processes.
    const events: TradingEvents = {
      orderChanged(row) {
        engine.orderChanged(row);
        if (!engine.running) app.bus.publish('changed', { kind: 'order', id: row.id });
      },
      positionChanged(row, version) {
        engine.positionChanged(row, version);
        if (!engine.running) app.bus.publish('changed', { kind: 'position', id: row.id });
      },
    };
    const deps: TradingDeps = { db: app.database.db, clock: app.clock, config: app.config, market: app.market.deps, events, notify: app.inboxNotifier };
    // Every process batches its own orders: the batch statement is safe from any process (the database's CHECKs and row locks arbitrate).
    deps.orderBatcher = new OrderBatcher(app.database.db, { inFlight: app.config.ORDER_BATCHES_IN_FLIGHT, pipeline: app.database.pipeline });
    deps.closeBatcher = new CloseBatcher(app.database.db, new KnownPositions(() => app.clock.now().getTime()));
    registerBatchGauges(app.metrics, deps.orderBatcher);
    deps.fillBatcher = new FillBatcher(app.database.db);
    registerCloseBatchGauges(app.metrics, deps.closeBatcher);
    registerFillBatchGauges(app.metrics, deps.fillBatcher);
    engine.bind(deps);
    app.decorate('trading', deps);
    app.leadership.register('trading engine', engine);
    registerOrderGauges(app.metrics, app.database.db);
    const stopChanges = app.bus.subscribe('changed', ({ kind, id }) => {
      if (kind === 'robot') return;
      engine.reload(kind, id).catch((error: unknown) => app.log.error({ err: error, kind, id }, 'trading: reloading a changed row failed'));
    });
    const stopTicks = app.market.bus.subscribe((tick) => engine.onTick(tick));
    app.addHook('onClose', () => {
      stopTicks();
      stopChanges();
    });
  },
  { name: 'trading', dependencies: ['database', 'bus', 'leadership', 'metrics', 'market', 'inbox', 'user-channels', 'wallet'] },
);
