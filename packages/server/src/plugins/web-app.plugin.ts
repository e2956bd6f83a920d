import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markRoutesPublic } from './auth.plugin.js';

/** Serves the built web app (a hash-routed single page) from the same origin as the API. */
export async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
  if (!fs.existsSync(`${options.root}/index.html`)) {
    app.log.warn({ root: options.root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  // The app's files are public; this hook marks only the routes registered in this plugin's scope.
  app.addHook('onRoute', markRoutesPublic);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz beside each text file (packages/web/vite.config.ts, precompress):
    // sent to browsers that accept them, with the original file's type.
    preCompressed: true,
    // Off, or send's own `public, max-age=0` replaces the header set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed asset names never change content; index.html and the service worker (sw.js, whose
      // URL never changes) must always be revalidated, or a phone keeps an old app.
      res.setHeader('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
