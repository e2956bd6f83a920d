import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** First path segments of the server's API (SPEC §7, DESIGN §8); hash routes never reach the server. */
const apiPrefixes = [
  'loginByUsername', 'register', 'getEmailCode', 'resetPassword', 'updatePassword', 'updatePayPassword',
  'settingPayPassword', 'updateReal', 'logout', 'api', 'admin', 'health', 'openapi.json', 'docs',
  'tg_st', 'stocka_trading_day', 'stocka_config', 'article', 'dict', 'appVersion', 'userMessage',
  'm_ft', 'quotes', 'market', 'userSelfSecurity', 'position', 'orders', 'blockTrade', 'gold',
  'NewShares', 'twStock', 'stock', 'withdrawal', 'UserAccount', 'wallet', 'userCenter', 'recharge',
  'areaInfo', 'userFollowInvest', 'file',
];
const devApiTarget = process.env.TRADEWIND_API ?? 'http://localhost:8080';

/** Files from public/ the installed app needs offline: its manifest and icons (theme.js and boot.js are inlined into index.html). */
const publicShellFiles = ['manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png'];
const HOME_PAGE_MODULE = /[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/;
const TOAST_VIEW_MODULE = /[\\/]lib[\\/]toast-view\.ts$/;
const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * The contract's modules only declare schemas and constants, but a bundler must assume that a
 * top-level call such as `z.object({…}).extend({…})` has effects, so a page that needs one constant
 * of a module (`MarketType`) would get all of its schemas, and zod with them. This marks every call
 * in the initialiser of a top-level declaration of those modules as pure (`/* @__PURE__ *\/`, each
 * call in its own parentheses so that chained calls are marked one by one): unused schemas are
 * dropped. Calls inside functions are left alone.
 */
function pureContractDeclarations(): Plugin {
  return {
    name: 'tradewind-pure-contract-declarations',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id) || id.endsWith('.test.ts')) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const opens = new Map<number, number>();
      const closes = new Map<number, number>();
      const mark = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(mark);
        if (!isAstNode(node)) return;
        if (/Function|Class/.test(node.type)) return;
        if (node.type === 'CallExpression' || node.type === 'NewExpression') {
          opens.set(node.start, (opens.get(node.start) ?? 0) + 1);
          closes.set(node.end, (closes.get(node.end) ?? 0) + 1);
        }
        for (const [key, child] of Object.entries(node)) if (key !== 'type') mark(child);
      };
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isAstNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) mark(declarator.init);
      }
      if (opens.size === 0) return null;
      const positions = [...new Set([...opens.keys(), ...closes.keys()])].sort((a, b) => b - a);
      let out = code;
      for (const position of positions) {
        const insert = ')'.repeat(closes.get(position) ?? 0) + '(/* @__PURE__ */ '.repeat(opens.get(position) ?? 0);
        out = out.slice(0, position) + insert + out.slice(position);
      }
      return { code: out, map: null };
    },
  };
}

const ANTD_CONFIG_PROVIDER_MODULE = /[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/;

/**
 * antd-mobile's ConfigProvider imports its Chinese texts statically as the default locale, so Home's
 * first paint carried zh-CN (1.4 KB gzip) for an English page. The app always passes a locale
 * (providers.tsx: English bundled, the others loaded when chosen), so the default becomes the
 * English one the entry already holds; zh-CN then loads only for a zh-CN user. Toasts and dialogs
 * rendered outside the provider now default to English too, not Chinese.
 */
function englishComponentDefaults(): Plugin {
  return {
    name: 'tradewind-english-component-defaults',
    apply: 'build',
    transform(code, id) {
      if (!ANTD_CONFIG_PROVIDER_MODULE.test(id)) return null;
      const chinese = "import zhCN from '../../locales/zh-CN';";
      if (!code.includes(chinese)) throw new Error(`${id} no longer imports zh-CN as its default locale: review englishComponentDefaults`);
      return { code: code.replace(chinese, "import zhCN from '../../locales/en-US';"), map: null };
    },
  };
}

const chunksOf = (bundle: OutputBundle): OutputChunk[] => Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** The chunk whose own module (not one it merely contains) is the one `module` matches. */
function chunkOfModule(chunks: readonly OutputChunk[], module: RegExp): OutputChunk | undefined {
  return chunks.find((chunk) => chunk.facadeModuleId !== null && module.test(chunk.facadeModuleId));
}

function homeRouteChunk(chunks: readonly OutputChunk[]): OutputChunk {
  const home = chunkOfModule(chunks, HOME_PAGE_MODULE);
  if (!home) throw new Error('no chunk for the Home route');
  return home;
}

/**
 * Adds the chunk and every chunk it imports statically to `files` (with `lazy`, its dynamic imports
 * too; with `css`, the stylesheets they import).
 */
function addImportGraph(bundle: OutputBundle, name: string, files: Set<string>, { lazy = false, css = false } = {}): void {
  const chunk = bundle[name];
  if (!chunk || chunk.type !== 'chunk' || files.has(name)) return;
  files.add(name);
  if (css) for (const stylesheet of chunk.viteMetadata?.importedCss ?? []) files.add(stylesheet);
  for (const imported of lazy ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) addImportGraph(bundle, imported, files, { lazy, css });
}

/**
 * Builds src/pwa/service-worker.ts to /sw.js (a fixed name: the browser checks that URL for
 * updates) and writes into it the shell of this build: index.html, the entry chunk and the Home
 * route with everything they import, their CSS, and the public files above.
 */
function serviceWorker(): Plugin {
  const fileName = 'sw.js';
  return {
    name: 'tradewind-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: 'src/pwa/service-worker.ts', fileName });
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = chunksOf(bundle);
      const worker = chunks.find((chunk) => chunk.fileName === fileName);
      if (!worker) throw new Error(`${fileName} was not built`);
      // Served as a classic script: it must be one self-contained file.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) throw new Error(`${fileName} imports ${worker.imports.join(', ')}`);

      const shell = new Set<string>();
      // The entry's lazy imports are every other route; Home's own (its chart) belong to its shell.
      for (const chunk of chunks) {
        if (chunk.isEntry && chunk !== worker) addImportGraph(bundle, chunk.fileName, shell, { css: true });
      }
      addImportGraph(bundle, homeRouteChunk(chunks).fileName, shell, { lazy: true, css: true });
      // Toasts load on demand, yet a call that fails offline still says so in one: their chunk and styles are shell.
      const toasts = chunkOfModule(chunks, TOAST_VIEW_MODULE);
      if (toasts) addImportGraph(bundle, toasts.fileName, shell, { css: true });
      if (shell.size === 0) throw new Error('no entry chunk for the service worker shell');
      const precache = ['./', ...[...shell].sort(), ...publicShellFiles];
      const build = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      worker.code = `const TRADEWIND_PRECACHE = ${JSON.stringify(precache)};\nconst TRADEWIND_BUILD = ${JSON.stringify(build)};\n${worker.code}`;
    },
  };
}

/**
 * Home is a lazy route, so the browser would learn of its chunk only once the entry has run: one more
 * round trip before the first paint on a slow network. index.html preloads it and what it imports,
 * and links its stylesheets.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'tradewind-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        addImportGraph(bundle, homeRouteChunk(chunksOf(bundle)).fileName, files, { css: true });
        const missing = [...files].filter((file) => !html.includes(file));
        // Home's own styles too (inlined below by inlineEntryStyles): the server-rendered Home
        // (issue 23) is drawn by the HTML, and must look then as it will once its chunk has run.
        const tagOf = (file: string) =>
          file.endsWith('.css')
            ? { tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }
            : { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const };
        return { html, tags: missing.map(tagOf) };
      },
    },
  };
}

/**
 * The entry's stylesheets (9 KB gzip) go into index.html as <style> elements instead of links: a
 * linked stylesheet in the head holds the first paint (the splash) until it has arrived, one more
 * round trip on a slow network, racing the scripts for the link. Their rules hold no url(), which
 * would resolve against the page instead of assets/ once inlined (the build fails if one does).
 * Route styles stay files, loaded with their chunks. Each inlined file keeps a disabled link
 * (which the browser does not fetch): Vite's loader of lazy chunks looks for a stylesheet link
 * before it adds one, and would otherwise load a shared file again, after the route's own styles.
 */
function inlineEntryStyles(): Plugin {
  const stylesheet = /<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>/g;
  return {
    name: 'tradewind-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        let inlined = 0;
        const out = html.replace(stylesheet, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') throw new Error(`index.html links ${fileName}, which the build did not emit`);
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (/url\(/.test(css)) throw new Error(`${fileName} refers to a file with url(): it cannot be inlined into index.html`);
          inlined++;
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    ${link.replace('>', ' disabled>')}`;
        });
        if (inlined === 0) throw new Error('index.html links no stylesheet: nothing to inline');
        return out;
      },
    },
  };
}

/** The public scripts index.html runs before the first paint (the appearance, the route shells). */
const INLINED_PUBLIC_SCRIPTS = ['theme.js', 'boot.js'];

/**
 * public/theme.js and public/boot.js go into index.html as inline scripts instead of files (issue 23):
 * each was a request the first paint waited for (Lighthouse's render-blocking list: theme.js in the
 * head, boot.js before the shells paint), on a slow network a round trip each, racing the app's
 * chunks. The CSP allows no inline script but by hash: the server hashes the inline scripts of the
 * built index.html when it starts (packages/server, inlineScriptHashes) and lists them in
 * `script-src`, so the policy stays strict. The files stay in public/ (their tests read them; the dev
 * server serves them as files).
 */
function inlinePublicScripts(): Plugin {
  let publicDir = 'public';
  return {
    name: 'tradewind-inline-public-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        let out = html;
        for (const file of INLINED_PUBLIC_SCRIPTS) {
          const tag = new RegExp(`<script src="\\.?/${file.replace('.', '\\.')}"></script>`);
          if (!tag.test(out)) throw new Error(`index.html has no <script src="/${file}"></script> to inline`);
          const code = (await readFile(join(publicDir, file), 'utf8')).trim();
          if (/<\/script|<!--/i.test(code)) throw new Error(`public/${file} holds "</script" or "<!--": it cannot be inlined as it is`);
          out = out.replace(tag, () => `<script>${code}</script>`);
        }
        return out;
      },
    },
  };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\.\/assets\/[^"]+\.js)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\.\/assets\/[^"]+\.js)">\s*/g;

/** Elements the loader adds per task: each module preload costs the main thread ~0.4 ms (a phone at 4×: ~1.6). */
const LOADER_TAGS_PER_TASK = 6;
/** When a browser that reports paints has not reported the first one, the loader starts anyway. */
const LOADER_FALLBACK_MS = 3000;

/**
 * The inline script that asks for the app's code once the HTML has painted (see startAppAfterFirstPaint).
 * It waits for the browser's own report of the first contentful paint, which comes once that frame is on
 * screen: `requestAnimationFrame` and a timeout (what a browser without paint timing gets) run before the
 * frame is presented, and on a busy machine the code then started arriving before the paint (in
 * Lighthouse's phone, Home's LCP 1.8–1.9 s instead of 0.9). A page opened in a background tab draws no
 * frame, so it asks at once (or as soon as it is hidden). `preloads` are the
 * modules the entry and the Home route import, asked for together so that they do not load one import
 * level at a time; they and the entry are added a few per task, so that adding 35 tags is not one long
 * task of its own. On a page drawn from a route shell (`data-shell`, set by public/theme.js), the
 * modules of that route's page come before the entry too: Vite's loader of a lazy route adds a preload
 * link for each module the route imports that has none yet, ~50 for the order page, in one task of
 * ~40 ms on a phone (issue 23); added here, they are a few per task and start downloading with the entry.
 */
function appLoaderScript(entry: string, preloads: readonly string[], shellRoutes: Record<string, readonly string[]>): string {
  return `(function(){var entry=${JSON.stringify(entry)},preloads=${JSON.stringify(preloads)},routes=${JSON.stringify(shellRoutes)},next=0,started=false;
function tag(i){if(i<preloads.length){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=preloads[i];return link}
var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=entry;return script}
function add(){for(var end=Math.min(next+${LOADER_TAGS_PER_TASK},preloads.length+1);next<end;next++)document.head.appendChild(tag(next));if(next<=preloads.length)setTimeout(add,0)}
function start(){if(started)return;started=true;var route=routes[document.documentElement.getAttribute("data-shell")];if(route)preloads=preloads.concat(route);add()}
function afterFirstPaint(){var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(start,0)});return}
new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});
setTimeout(start,${LOADER_FALLBACK_MS})}
if(document.hidden)start();else{afterFirstPaint();document.addEventListener("visibilitychange",function(){if(document.hidden)start()})}})()`;
}

/**
 * The page module of each route shell, keyed by the shell's name as public/theme.js writes it in `data-shell`
 * (and public/boot.js reads it); a name theme.js does not write gets no preloads.
 */
const SHELL_PAGE_MODULES: Record<string, RegExp> = {
  quote: /[\\/]features[\\/]quote[\\/]pages[\\/]quote-pages\.tsx$/,
  market: /[\\/]features[\\/]market[\\/]pages[\\/]market-page\.tsx$/,
  order: /[\\/]features[\\/]trade[\\/]pages[\\/]order-page\.tsx$/,
};

const SHELL_TEMPLATE = /<template id="tw-shell-([a-z]+)"/g;
/** The names public/theme.js may write in `data-shell`: the results (`? 'quote'`) of its `var shell = route === …;` test. */
const THEME_SHELL_TEST = /var shell =(\s*route ===[^;]*);/;
const THEME_SHELL_NAME = /\?\s*'([a-z]+)'/g;

/**
 * The three places that name a route shell agree: theme.js (which route has one), index.html's templates (what
 * boot.js draws) and SHELL_PAGE_MODULES (what the loader preloads). A name missing in one of them fails quietly
 * in the browser (no shell, or no preloads), so the build stops instead. theme.js is read from `html`, where
 * inlinePublicScripts has put it.
 */
function checkShellNames(html: string): void {
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort().join(', ');
  const shellTest = THEME_SHELL_TEST.exec(html)?.[1];
  if (shellTest === undefined) throw new Error('index.html holds no `var shell = route === …;` test of public/theme.js: review checkShellNames');
  const named = {
    'public/theme.js': sorted([...shellTest.matchAll(THEME_SHELL_NAME)].map((match) => match[1] as string)),
    "index.html's templates": sorted([...html.matchAll(SHELL_TEMPLATE)].map((match) => match[1] as string)),
    SHELL_PAGE_MODULES: sorted(Object.keys(SHELL_PAGE_MODULES)),
  };
  if (new Set(Object.values(named)).size !== 1) {
    throw new Error(`the route shells' names differ: ${Object.entries(named).map(([where, names]) => `${where}: ${names}`).join('; ')}`);
  }
}

/** Per route shell, the JavaScript its page imports statically that the entry's preloads do not already cover. */
function shellRoutePreloads(bundle: OutputBundle, preloaded: ReadonlySet<string>): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const routes: Record<string, string[]> = {};
  for (const [shell, pageModule] of Object.entries(SHELL_PAGE_MODULES)) {
    const page = chunkOfModule(chunks, pageModule);
    if (!page) throw new Error(`no chunk for the ${shell} shell's page: review SHELL_PAGE_MODULES`);
    const files = new Set<string>();
    addImportGraph(bundle, page.fileName, files);
    routes[shell] = [...files].map((file) => `./${file}`).filter((file) => !preloaded.has(file));
  }
  return routes;
}

/**
 * The app's code is asked for after the HTML's first paint, not while the HTML is parsed (issue 23).
 * Every page's first paint comes from the HTML alone: Home server-rendered, the quote, Market and order
 * pages from their shells, any other route the splash. Module tags in the head made the browser fetch
 * and run the entry and Home's 35 modules (~150 KB gzip) before that paint on a fast link, and on a
 * slow one share the link with the rest of the HTML; Lighthouse's simulation of a phone on slow 4G
 * then put all of them before the first and the largest paint (FCP and LCP 2.7–2.8 s for a page whose
 * HTML paints at ~0.9 s). The entry's `<script type="module">` and the module preloads leave the HTML;
 * an inline script at the end of `<body>` (appLoaderScript) adds the same tags once the page has
 * painted. The app starts a frame later on a fast link; on a slow one the HTML's bytes come first.
 */
function startAppAfterFirstPaint(): Plugin {
  return {
    name: 'tradewind-start-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
        if (entries.length !== 1) throw new Error(`index.html has ${entries.length} module entry scripts, expected one`);
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
        if (preloads.length === 0) throw new Error('index.html preloads no module: review startAppAfterFirstPaint');
        const withoutTags = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
        if (/<script type="module"|rel="modulepreload"/.test(withoutTags)) throw new Error('index.html has a module tag startAppAfterFirstPaint does not recognise');
        if (!withoutTags.includes('</body>')) throw new Error('index.html has no </body>');
        checkShellNames(html);
        const shellRoutes = context.bundle ? shellRoutePreloads(context.bundle, new Set([...preloads, entries[0] as string])) : {};
        return withoutTags.replace('</body>', () => `<script>${appLoaderScript(entries[0] as string, preloads, shellRoutes)}</script>\n  </body>`);
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (over 1 KB), once, at
 * build time; the server sends them to browsers that accept them (@fastify/static `preCompressed`).
 * A phone on a slow network then downloads about a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tradewind-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(join(outDir, file));
          if (content.length < 1024) return;
          await writeFile(join(outDir, `${file}.br`), brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(join(outDir, `${file}.gz`), gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractDeclarations(), englishComponentDefaults(), preloadHomeRoute(), inlineEntryStyles(), inlinePublicScripts(), startAppAfterFirstPaint(), serviceWorker(), precompress()],
  // Relative asset URLs: the built app works wherever the server mounts it.
  base: './',
  // npm hoists React 18 to the root for antd-mobile's react-spring peer range; force our React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  // `npm run dev -w @tradewind/web` beside the server: the app stays same-origin, as in production.
  server: {
    proxy: {
      [`^/(${apiPrefixes.join('|')})(/|\\?|$)`]: { target: devApiTarget, changeOrigin: true },
      '/ws': { target: devApiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    // Nothing inlined as data: URLs, so a strict Content-Security-Policy (img-src 'self') holds.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph the speed budget test (e2e/budget.e2e.ts) reads.
    // The server does not serve dot folders.
    manifest: true,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: one the page does not use
      // need not ship with it (a barrel import would otherwise pull every domain's schemas into Home).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id) },
      output: {
        // Libraries change less often than our code: long-cached library files, each page its own chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
