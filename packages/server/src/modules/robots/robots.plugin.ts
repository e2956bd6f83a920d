import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RobotRunner } from './robot-runner.js';
import type { RobotDeps } from './robots.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The robots' deps on this server: trading's, and events that reach the runner (or, off the leader, the bus). */
    robots: RobotDeps;
    /** This server's robot runner (tests wait on it to settle). */
    robotRunner: RobotRunner;
  }
}

/** Builds the robot runner: it runs on the leader, hears ticks and robots changed by other processes over the bus. */
export const robotsPlugin = fp(
  (app: FastifyInstance) => {
    const runner = new RobotRunner(app.log);
    const deps: RobotDeps = {
      trading: app.trading,
      events: {
        robotChanged(row) {
          if (runner.active) runner.robotChanged(row);
          else app.bus.publish('changed', { kind: 'robot', id: row.id });
        },
      },
    };
    runner.bind(deps);
    app.decorate('robots', deps);
    app.decorate('robotRunner', runner);
    app.leadership.register('robot runner', runner);
    const stopTicks = app.market.bus.subscribe((tick) => runner.onTick(tick));
    const stopChanges = app.bus.subscribe('changed', ({ kind, id }) => {
      if (kind === 'robot') runner.reload(id).catch((error: unknown) => app.log.error({ err: error, robotId: id }, 'robots: reloading a changed robot failed'));
    });
    app.addHook('onClose', () => {
      stopTicks();
      stopChanges();
    });
  },
  { name: 'robots', dependencies: ['bus', 'leadership', 'market', 'trading'] },
);
