import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { findSessionByToken } from '../modules/sessions/index.js';
import { refuseAdminWithoutTotp } from '../modules/two-factor/index.js';

/** Reads `Authorization: <token>` (a `Bearer ` prefix is accepted too). */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 128 ? token : undefined;
}

/**
 * Enforces each route's `config.auth` before its body is even parsed.
 * Routes that do not say are treated as `user`, so a forgotten declaration fails closed.
 */
export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config.auth ?? 'user';
      if (access === 'public' && !request.headers.authorization) return;

      const token = tokenFromRequest(request);
      const auth = token ? await findSessionByToken(app.database.db, token, app.clock.now()) : null;
      if (access === 'public') {
        request.auth = auth;
        return;
      }
      if (!auth) throw AppError.unauthorized();
      if (access === 'admin' && auth.user.role !== 'admin') throw AppError.forbidden();
      if (access === 'admin') await refuseAdminWithoutTotp({ db: app.database.db, config: app.config }, auth.user.id);
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** An onRoute hook for a scope whose routes are all public (the web app's files, the API reference). */
export function markRoutesPublic(route: RouteOptions): void {
  route.config = { ...route.config, auth: 'public' };
}

/** The signed-in caller of a `user` or `admin` route. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
