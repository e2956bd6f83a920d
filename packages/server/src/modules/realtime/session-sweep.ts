import type { FastifyInstance } from 'fastify';
import { endedSessionIds } from '../sessions/index.js';

/** How often each process looks for expired sessions among its sockets (in memory, no query). */
const SESSION_SWEEP_MS = 250;

/**
 * Sessions end by events on the bus; expiry is nobody's event, so each process checks its own
 * sockets often (in memory), and now and then asks the database whether their sessions still
 * sign in, which also covers an event lost while Redis was unreachable. Returns the stop.
 */
export function startSessionSweep(app: FastifyInstance): () => void {
  const recheckEvery = Math.max(1, Math.round((app.config.WS_SESSION_RECHECK_SECONDS * 1000) / SESSION_SWEEP_MS));
  let sweeps = 0;
  let rechecking = false;
  const sessionSweep = setInterval(() => {
    const now = app.clock.now();
    app.userChannels.closeExpired(now);
    if ((sweeps += 1) % recheckEvery !== 0 || rechecking) return;
    rechecking = true;
    void recheckSessions(app, now).finally(() => (rechecking = false));
  }, SESSION_SWEEP_MS);
  sessionSweep.unref();
  return () => clearInterval(sessionSweep);
}

async function recheckSessions(app: FastifyInstance, now: Date) {
  const held = [...app.userChannels.sessions()];
  try {
    const ended = new Set(await endedSessionIds(app.database.db, [...new Set(held.map(([, session]) => session.id))], now));
    for (const [socket, session] of held) if (ended.has(session.id)) app.userChannels.closeEnded(socket, 'revoked');
  } catch (error) {
    app.log.warn({ err: error }, 'ws: checking the sessions of open sockets failed; trying again later');
  }
}
