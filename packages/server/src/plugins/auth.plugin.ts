import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { AuthContext, RouteAccess } from './types.js';

/** Reads `Authorization: <token>` (a `Bearer ` prefix is accepted too). */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 128 ? token : undefined;
}

/**
 * What the auth plugin asks of the modules that own sessions and second factors; the composition
 * (app.ts) passes it in, so this plugin imports no module.
 */
export interface AuthOptions {
  /** The caller a session token signs in, or null when the token is unknown, expired or revoked. */
  findSession(token: string): Promise<AuthContext | null>;
  /** Throws when an admin may not use admin routes yet (no second factor while one is required). */
  refuseAdminWithoutSecondFactor(userId: number): Promise<void>;
}

/**
 * Enforces each route's `config.auth` before its body is even parsed.
 * Routes that do not say are treated as `user`, so a forgotten declaration fails closed.
 */
export const authPlugin = fp(
  (app: FastifyInstance, options: AuthOptions) => {
    app.decorateRequest('auth', null);
    const authenticate = async (request: FastifyRequest, access: RouteAccess) => {
      const token = tokenFromRequest(request);
      const auth = token ? await options.findSession(token) : null;
      if (access === 'public') {
        request.auth = auth;
        return;
      }
      if (!auth) throw AppError.unauthorized();
      if (access === 'admin' && auth.user.role !== 'admin') throw AppError.forbidden();
      if (access === 'admin') await options.refuseAdminWithoutSecondFactor(auth.user.id);
      request.auth = auth;
    };
    // A callback hook: a visitor on a public route (most reads) goes on without a promise made for nothing.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.is404) return done();
      const access = request.routeOptions.config.auth ?? 'user';
      if (access === 'public' && !request.headers.authorization) return done();
      authenticate(request, access).then(() => done(), done);
    });
  },
  { name: 'auth' },
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
