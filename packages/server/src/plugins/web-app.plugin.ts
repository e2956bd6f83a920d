import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markRoutesPublic } from './auth.plugin.js';

/** The id of the JSON data block in index.html that the web app seeds its query cache from. */
export const FIRST_DATA_ELEMENT_ID = 'tw-first-data';

/** How long one rendering of index.html (with its inlined quotes) is reused: quotes tick, the page need not per request. */
const FIRST_DATA_TTL_MS = 1_000;

export interface WebAppOptions {
  root: string;
  /**
   * Public GET paths whose answers the first screens fetch first (hot list, index strip …): their
   * `data` is inlined into index.html so the largest element needs no API call after the HTML.
   * Each is asked for anonymously (no Authorization), so the HTML is the same for every caller.
   */
  firstDataPaths?: readonly string[];
}

/** Inlined data, as the web app reads it (packages/web/src/app/first-data.ts). */
export interface FirstData {
  /** Server time of the answers (ms); the app treats them as fetched then. */
  at: number;
  /** Path → the `data` of its `{code, msg, data}` answer. */
  answers: Record<string, unknown>;
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` escaped so no string can end
 * the element or open a comment, U+2028/2029 escaped for any reader that evaluates it as script.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Where index.html takes the server-rendered Home (packages/web/index.html, inside #root). */
export const SSR_MARKER = '<!--tw-ssr-->';

/** The web build's server render of Home (packages/web/src/ssr/render-home.tsx, dist/.ssr). */
interface HomeRenderer {
  renderHome(first: FirstData): Promise<string>;
}

async function loadHomeRenderer(root: string): Promise<HomeRenderer | null> {
  const file = path.join(root, '.ssr', 'render-home.js');
  if (!fs.existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<HomeRenderer>;
  return typeof loaded.renderHome === 'function' ? (loaded as HomeRenderer) : null;
}

/**
 * The server-rendered Home in its own element before the splash: shown with the HTML (and without
 * JavaScript); public/theme.js shows the splash instead when the page opened is not the one rendered.
 */
export function withHomeMarkup(html: string, markup: string): string {
  // No markup (a failed render): the splash alone, as without a server render.
  return markup === '' ? html : html.replace(SSR_MARKER, () => `<div id="ssr-root" class="ssr-root">${markup}</div>`);
}

/** Where index.html takes the data block: before public/boot.js, which reads it (the route shells). */
export const FIRST_DATA_MARKER = '<!--tw-first-data-->';

/** index.html with the data block at its marker, else just before `</body>` (the splash above it paints first). */
export function withFirstData(html: string, data: FirstData): string {
  const block = `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForHtml(data)}</script>`;
  if (html.includes(FIRST_DATA_MARKER)) return html.replace(FIRST_DATA_MARKER, () => block);
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${block}` : `${html.slice(0, end)}${block}\n  ${html.slice(end)}`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A type that makes a script element a data block (JSON …), which the browser never runs. */
const RUNNABLE_SCRIPT_TYPE = /^(|text\/javascript|module)$/i;

/**
 * The CSP sources ('sha256-…') of the scripts written inside index.html, not loaded from a file: the
 * web build inlines public/theme.js and public/boot.js there (packages/web/vite.config.ts,
 * inlinePublicScripts), and `script-src` allows exactly those (issue 23). Only the built template
 * counts: what the server adds per request (the first-data block, a data block; the server-rendered
 * Home) gets no hash. Data blocks are skipped; a script with a `src` is covered by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_SCRIPT_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The hashes of the inline scripts of the built app's index.html under `root`; none when it is not built. */
export function webAppInlineScriptHashes(root: string): string[] {
  const file = path.join(root, 'index.html');
  return fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [];
}

interface RenderedIndex {
  at: number;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Serves the built web app (a hash-routed single page) from the same origin as the API. */
export async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  if (!fs.existsSync(`${options.root}/index.html`)) {
    app.log.warn({ root: options.root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  // The app's files are public; this hook marks only the routes registered in this plugin's scope.
  app.addHook('onRoute', markRoutesPublic);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // index.html is served below, with the first data inlined.
    index: false,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    // The build writes .br and .gz beside each text file (packages/web/vite.config.ts, precompress):
    // sent to browsers that accept them, with the original file's type.
    preCompressed: true,
    // Off, or send's own `public, max-age=0` replaces the header set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed asset names never change content; the service worker (sw.js, whose URL never
      // changes) must always be revalidated, or a phone keeps an old app.
      res.setHeader('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const template = fs.readFileSync(`${options.root}/index.html`, 'utf8');
  const paths = options.firstDataPaths ?? [];
  const renderer = template.includes(SSR_MARKER) ? await loadHomeRenderer(options.root) : null;
  if (!renderer) app.log.info('index.html is served without a server-rendered Home (no dist/.ssr build or no marker)');
  let rendered: Promise<RenderedIndex> | null = null;
  let renderedAt = 0;

  async function firstData(): Promise<FirstData> {
    const at = Date.now();
    const answers: Record<string, unknown> = {};
    // No headers: never the caller's token or cookies, so nothing of a user is inlined.
    const replies = await Promise.all(paths.map((url) => app.inject({ method: 'GET', url })));
    paths.forEach((url, i) => {
      const res = replies[i]!;
      const body = res.statusCode === 200 ? res.json<{ code?: unknown; data?: unknown }>() : null;
      // An answer that failed is left out: the app fetches it as it did before.
      if (body?.code === 200) answers[url] = body.data;
      else app.log.warn({ url, status: res.statusCode }, 'first data for index.html not inlined');
    });
    return { at, answers };
  }

  /** Home's markup, or none (the splash, as before) when the render fails. */
  async function homeMarkup(data: FirstData): Promise<string> {
    try {
      return (await renderer?.renderHome(data)) ?? '';
    } catch (error) {
      app.log.error({ err: error }, 'server render of Home failed; index.html is sent with the splash only');
      return '';
    }
  }

  async function render(): Promise<RenderedIndex> {
    const data = await firstData();
    const html = withFirstData(renderer ? withHomeMarkup(template, await homeMarkup(data)) : template, data);
    return {
      at: data.at,
      html,
      br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html, { level: 6 }),
    };
  }

  /** One rendering shared by every request within the TTL; a failed one is not kept. */
  function current(): Promise<RenderedIndex> {
    if (rendered === null || Date.now() - renderedAt >= FIRST_DATA_TTL_MS) {
      renderedAt = Date.now();
      const next = render();
      rendered = next;
      next.catch(() => {
        if (rendered === next) rendered = null;
      });
    }
    return rendered;
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const page = await current();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // The HTML is the same for every caller (no user data); it varies only by the encoding.
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  }

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
}
