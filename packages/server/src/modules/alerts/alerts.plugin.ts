import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertRunner } from './alert-runner.js';
import type { AlertDeps } from './alerts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertDeps;
  }
}

/** Price alerts (issue 11): the runner fires them once on quotes, on the leader. */
export const alertsPlugin = fp(
  (app: FastifyInstance) => {
    const runner = new AlertRunner(app.log);
    const deps: AlertDeps = {
      db: app.database.db,
      clock: app.clock,
      market: app.market.deps,
      notify: app.inboxNotifier,
      events: {
        alertChanged: (row, active) => runner.alertChanged(row, active),
        alertFired: (row, alert) => app.userChannels.send(row.userId, { type: 'alert', alert }),
      },
    };
    runner.bind(deps);
    app.leadership.register('price alerts', runner);
    const stopTicks = app.market.bus.subscribe((tick) => runner.onTick(tick));
    app.addHook('onClose', () => stopTicks());
    app.decorate('alerts', deps);
  },
  { name: 'alerts', dependencies: ['database', 'leadership', 'market', 'inbox', 'user-channels'] },
);
