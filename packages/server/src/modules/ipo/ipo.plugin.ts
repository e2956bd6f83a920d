import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask } from '../../cluster/periodic-task.js';
import { pushWalletBalance } from '../wallet/index.js';
import { runDue } from './ipo-allotment.service.js';
import type { IpoDeps } from './ipo-views.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The IPO use cases' dependencies on this server (tests run the due allotments and listings through it). */
    ipo: IpoDeps;
  }
}

/** How often due allotments and listings are looked for; each is idempotent, so a missed beat costs only latency. */
const SWEEP_MS = 5000;

/** The IPO deps (`app.ipo`) and, on the leader, the sweep that allots and lists what is due. */
export const ipoPlugin = fp(
  (app: FastifyInstance) => {
    const trading = app.trading;
    const deps: IpoDeps = {
      db: app.database.db,
      clock: app.clock,
      market: app.market.deps,
      notify: app.inboxNotifier,
      log: app.log,
      balanceChanged: (userId, walletType) => pushWalletBalance(app, userId, walletType),
      // The engine indexes the delivered position (marks, liquidation) and tells its owner, as for any fill.
      positionOpened: (row) => trading.events.positionChanged(row),
    };
    app.decorate('ipo', deps);
    app.leadership.register(
      'ipo allotment sweep',
      periodicTask(SWEEP_MS, () => runDue(deps), (error) => app.log.error({ err: error }, 'ipo: allotment/listing sweep failed')),
    );
  },
  { name: 'ipo', dependencies: ['database', 'leadership', 'market', 'inbox', 'trading', 'wallet'] },
);
