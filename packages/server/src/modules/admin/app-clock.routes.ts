import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShiftableClock } from '../../lib/clock.js';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { audit } from '../audit/index.js';

const advanceBody = z.strictObject({ hours: z.number().int().min(0).max(24 * 400) });

/** Tests only (APP_CLOCK_CONTROL; refused in production): an admin moves the server's clock forward. */
export function appClockRoutes(app: FastifyInstance) {
  const clock = app.clock;
  if (!(clock instanceof ShiftableClock)) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/admin/appClock/advance', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: "Tests only (APP_CLOCK_CONTROL): move the server's clock forward by whole hours (0: only run what a move runs, e.g. the equity snapshots); audited",
      body: advanceBody,
      response: okResponse(z.object({ now: z.string() })),
    },
  }, async (request) => {
    const { user } = requireAuth(request);
    // Resolves once what runs on a move (the equity snapshots) has run; 0 hours only runs it.
    await clock.advance(request.body.hours * 3_600_000);
    const now = clock.now();
    await audit(app.database.db, { actorUserId: user.id, action: 'appClock.advance', subject: `${request.body.hours} h`, ip: request.ip }, now);
    return ok({ now: now.toISOString() });
  });
}
