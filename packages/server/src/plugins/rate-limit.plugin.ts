import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import type { MessageKey } from '../i18n/messages.js';
import type { RateRule } from '../lib/rate-limiter.js';

/** The costly or guessable actions a route can declare in `config.rateLimit`. */
export type RateLimitedAction = 'order' | 'upload' | 'payPassword';

const MINUTE = 60_000;

export function rateRules(config: Config): Record<RateLimitedAction, RateRule & { message: MessageKey }> {
  return {
    order: { name: 'order', limit: config.ORDER_PER_USER_PER_MINUTE, windowMs: MINUTE, message: 'rate.orders' },
    upload: { name: 'upload', limit: config.UPLOAD_PER_USER_PER_MINUTE, windowMs: MINUTE, message: 'rate.uploads' },
    payPassword: { name: 'pay-password', limit: config.PAY_PASSWORD_PER_USER_PER_MINUTE, windowMs: MINUTE, message: 'rate.payPassword' },
  };
}

/**
 * Counts each call of a route that declares `config.rateLimit`, per signed-in user (per address for a
 * visitor), before its body is parsed, so refused floods cost no parsing, hashing or database work.
 * One action's counter is shared by all its routes: an order is an order, whichever market it is for.
 */
export const rateLimitPlugin = fp(
  (app: FastifyInstance) => {
    const rules = rateRules(app.config);
    // Only the routes that declare a limit get the hook (after the global ones, auth's included): the others pay nothing.
    app.addHook('onRoute', (route) => {
      const action = route.config?.rateLimit;
      if (!action) return;
      const rule = rules[action];
      const limit: onRequestAsyncHookHandler = async (request) => {
        const subject = request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
        await app.rateLimiter.enforce(rule, subject, rule.message);
      };
      route.onRequest = [limit, ...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest])];
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
