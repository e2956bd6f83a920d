import { createHash } from 'node:crypto';
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

/** Files from public/ the installed app needs offline: its manifest and icons. */
const publicShellFiles = ['manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png'];
const HOME_PAGE_MODULE = /[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/;

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
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const worker = chunks.find((chunk) => chunk.fileName === fileName);
      if (!worker) throw new Error(`${fileName} was not built`);
      // Served as a classic script: it must be one self-contained file.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) throw new Error(`${fileName} imports ${worker.imports.join(', ')}`);

      const shell = new Set<string>();
      // The entry's lazy imports are every other route; Home's own (its chart) belong to its shell.
      const add = (name: string, withLazy: boolean) => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== 'chunk' || shell.has(name)) return;
        shell.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of chunk.imports) add(imported, withLazy);
        if (withLazy) for (const imported of chunk.dynamicImports) add(imported, withLazy);
      };
      for (const chunk of chunks) {
        if (chunk.isEntry && chunk !== worker) add(chunk.fileName, false);
      }
      for (const chunk of chunks) {
        if (chunk.facadeModuleId && HOME_PAGE_MODULE.test(chunk.facadeModuleId)) add(chunk.fileName, true);
      }
      if (shell.size === 0) throw new Error('no entry chunk for the service worker shell');
      const precache = ['./', ...[...shell].sort(), ...publicShellFiles];
      const build = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      worker.code = `const TRADEWIND_PRECACHE = ${JSON.stringify(precache)};\nconst TRADEWIND_BUILD = ${JSON.stringify(build)};\n${worker.code}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker()],
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
