import { emptyBody, twoFactorConfirmBody, twoFactorDisableBody, twoFactorRecoveryCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok, okNull, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { findUserById } from '../users/index.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['Account'];
const userRoute = { auth: 'user' } as const;

/** Settings › Security: turn two-factor sign-in (TOTP) on and off. Signing in with it is in accounts.routes.ts. */
export function twoFactorRoutes(app: FastifyInstance) {
  const deps: twoFactor.TwoFactorDeps = { db: app.database.db, config: app.config, clock: app.clock, rateLimiter: app.rateLimiter };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/userCenter/twoFactor', {
    config: userRoute,
    schema: { tags, summary: 'Whether two-factor sign-in is on (or waiting for its first code), and how many recovery codes are left', response: okResponse(twoFactorStatusSchema) },
  }, async (request) => ok(await twoFactor.status(deps, requireAuth(request).user)));

  r.post('/userCenter/twoFactor/setup', {
    config: userRoute,
    schema: {
      tags,
      summary: 'Start turning on two-factor sign-in: a new secret and its otpauth:// URI (for the QR code); nothing changes until POST /userCenter/twoFactor/confirm',
      body: emptyBody.optional(),
      response: okResponse(twoFactorSetupSchema),
    },
  }, async (request) => {
    const user = await findUserById(app.database.db, requireAuth(request).user.id);
    if (!user) throw AppError.unauthorized();
    return ok(await twoFactor.setup(deps, user));
  });

  r.post('/userCenter/twoFactor/confirm', {
    config: userRoute,
    schema: { tags, summary: 'Turn two-factor sign-in on with a first code from the app; answers ten single-use recovery codes, shown only this once', body: twoFactorConfirmBody, response: okResponse(twoFactorRecoveryCodesSchema) },
  }, async (request) => ok(await twoFactor.confirm(deps, requireAuth(request).user.id, request.body.code)));

  r.post('/userCenter/twoFactor/disable', {
    config: userRoute,
    schema: { tags, summary: 'Turn two-factor sign-in off with the password and a current code (or a recovery code)', body: twoFactorDisableBody, response: okNull },
  }, async (request) => ok(await twoFactor.disable(deps, requireAuth(request).user.id, request.body)));
}
