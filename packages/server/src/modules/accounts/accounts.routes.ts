import {
  emptyBody,
  getEmailCodeBody,
  loginAnswerSchema,
  loginBody,
  loginSecondFactorBody,
  referralSummarySchema,
  registerEmailBody,
  resetPasswordBody,
  revokedSessionsSchema,
  revokeSessionBody,
  deviceSessionSchema,
  sessionSchema,
  settingPayPasswordBody,
  updatePasswordBody,
  updatePayPasswordBody,
  updatePhoneBody,
  userSchema,
} from '@tradewind/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okNull, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import type { Mailer } from '../email/index.js';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from '../sessions/index.js';
import * as accounts from './accounts.service.js';

const origin = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
const tags = ['Account'];

export function accountsRoutes(app: FastifyInstance, options: { mailer: Mailer }) {
  const deps: accounts.AccountsDeps = {
    db: app.database.db,
    config: app.config,
    clock: app.clock,
    rateLimiter: app.rateLimiter,
    mailer: options.mailer,
    notify: app.inboxNotifier,
    sessionsEnded: (ids, reason) => app.userChannels.endSessions(ids, reason),
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = { auth: 'public' } as const;
  const userRoute = { auth: 'user' } as const;

  r.post('/getEmailCode', {
    config: publicRoute,
    schema: { tags, summary: 'Send a 6-digit e-mail code for registration or password reset', body: getEmailCodeBody, response: okNull },
  }, async (request) => ok(await accounts.requestEmailCode(deps, request.body, request.ip, request.locale)));

  r.post('/register/email', {
    config: publicRoute,
    schema: { tags, summary: 'Register with an e-mail code; signs in', body: registerEmailBody, response: okResponse(sessionSchema) },
  }, async (request) => ok(await accounts.register(deps, request.body, origin(request))));

  r.post('/loginByUsername', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Sign in with e-mail and password: a session, or — when the account has two-factor sign-in — a challenge for POST /loginByUsername/twoFactor',
      body: loginBody,
      response: okResponse(loginAnswerSchema),
    },
  }, async (request) => ok(await accounts.login(deps, request.body, origin(request), request.auth)));

  r.post('/loginByUsername/twoFactor', {
    config: publicRoute,
    schema: { tags, summary: 'The second step of signing in: the challenge and a 6-digit authenticator code (or a recovery code)', body: loginSecondFactorBody, response: okResponse(sessionSchema) },
  }, async (request) => ok(await accounts.loginSecondFactor(deps, request.body, origin(request))));

  r.post('/resetPassword', {
    config: publicRoute,
    schema: { tags, summary: 'Set a new password with an e-mail code; signs out everywhere', body: resetPasswordBody, response: okNull },
  }, async (request) => ok(await accounts.resetPassword(deps, request.body, request.ip)));

  r.post('/updatePassword', {
    config: userRoute,
    schema: { tags, summary: 'Change the login password; other sessions are signed out', body: updatePasswordBody, response: okNull },
  }, async (request) => ok(await accounts.updatePassword(deps, requireAuth(request), request.body)));

  r.post('/settingPayPassword', {
    config: userRoute,
    schema: { tags, summary: 'Set the transaction (pay) password for the first time', body: settingPayPasswordBody, response: okNull },
  }, async (request) => ok(await accounts.settingPayPassword(deps, requireAuth(request), request.body)));

  r.post('/updatePayPassword', {
    config: { ...userRoute, rateLimit: 'payPassword' },
    schema: { tags, summary: 'Change the transaction (pay) password', body: updatePayPasswordBody, response: okNull },
  }, async (request) => ok(await accounts.updatePayPassword(deps, requireAuth(request), request.body)));

  r.post('/api/user/info', {
    config: userRoute,
    schema: { tags, summary: 'The signed-in user', body: emptyBody.optional(), response: okResponse(userSchema) },
  }, async (request) => ok(await accounts.getUserInfo(deps, requireAuth(request))));

  r.post('/userCenter/phone', {
    config: userRoute,
    schema: {
      tags,
      summary: 'Set the profile’s phone number (with its country code; stored as + and digits) or remove it with an empty string; customer service sees it',
      body: updatePhoneBody,
      response: okResponse(userSchema),
    },
  }, async (request) => ok(await accounts.updatePhone(deps, requireAuth(request), request.body)));

  r.get('/userCenter/referral', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s invite code and how many people registered with it', response: okResponse(referralSummarySchema) },
  }, async (request) => ok(await accounts.getReferralSummary(deps, requireAuth(request))));

  r.get('/userCenter/sessions', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s signed-in devices (user agent, address, first and last use); `current` is this one', response: okResponse(z.array(deviceSessionSchema)) },
  }, async (request) => ok(await listMySessions(deps, requireAuth(request))));

  r.post('/userCenter/sessions/revoke', {
    config: userRoute,
    schema: { tags, summary: 'Sign out one of the caller’s devices (404 for a session that is not theirs or already ended)', body: revokeSessionBody, response: okNull },
  }, async (request) => ok(await revokeMySession(deps, requireAuth(request), request.body.id)));

  r.post('/userCenter/sessions/revokeOthers', {
    config: userRoute,
    schema: { tags, summary: 'Sign out every device of the caller but this one', body: emptyBody.optional(), response: okResponse(revokedSessionsSchema) },
  }, async (request) => ok(await revokeMyOtherSessions(deps, requireAuth(request))));

  r.post('/logout', {
    config: userRoute,
    schema: { tags, summary: 'Sign out this session', body: emptyBody.optional(), response: okNull },
  }, async (request) => ok(await accounts.logout(deps, requireAuth(request))));
}
