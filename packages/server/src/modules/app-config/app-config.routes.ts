import { adminPublishAppVersionBody, appVersionSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as service from './app-config.service.js';

/** SPEC §7 `/appVersion/getPublishAppVersion` (the app config of §3) and its back-office editor. */
export function appConfigRoutes(app: FastifyInstance) {
  const deps: service.AppConfigDeps = { db: app.database.db, clock: app.clock };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/appVersion/getPublishAppVersion', {
    config: { auth: 'public' },
    schema: { tags: ['Content'], summary: 'The published app version: version, update policy, notes and the webview allow-list', response: okResponse(appVersionSchema) },
  }, async () => ok(await service.getPublishedVersion(deps)));

  r.post('/admin/appVersion', {
    config: { auth: 'admin' },
    schema: { tags: ['Back office'], summary: 'Publish a new app version (audited)', body: adminPublishAppVersionBody, response: okResponse(appVersionSchema) },
  }, async (request) => {
    const { user } = requireAuth(request);
    const published = await service.publishVersion(deps, { id: user.id, ip: request.ip }, request.body);
    // The new allow-list is the app's frame-src from now on (other processes read it within 30 s).
    await app.refreshFrameHosts();
    return ok(published);
  });
}
