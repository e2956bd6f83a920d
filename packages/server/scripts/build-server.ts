/**
 * `npm run build:server`: the server compiled to plain JavaScript in packages/server/dist, so production
 * runs `node packages/server/dist/main.js` (or dist/start-cluster.js) without tsx. esbuild bundles the
 * server's own modules and the contract (a workspace package shipped as TypeScript source); every npm
 * dependency stays external and is loaded from node_modules as usual (argon2, PGlite's wasm, the font
 * packages and swagger-ui's files are read from their own folders). The SQL migrations are copied next
 * to the bundle, where db/migrate.ts looks for them; instruments/ and the web app's dist are found from
 * the package root (lib/package-root.ts).
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverRoot, 'dist');

const dependencies = (manifest: string) => Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});

export async function buildServer(): Promise<string> {
  const external = [...dependencies(path.join(serverRoot, 'package.json')), ...dependencies(path.join(serverRoot, '../contract/package.json'))].filter(
    (name) => name !== '@tradewind/contract',
  );
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverRoot,
    // pglite-init: the child process that creates a new PGlite directory (db/pglite-cluster.ts);
    // pglite-worker: the worker thread that runs the PGlite database (db/pglite-worker-client.ts);
    // history-worker: the worker threads that generate market history at start (market/feed/history-pool.ts).
    entryPoints: {
      main: 'src/main.ts',
      'start-cluster': 'src/cluster/start-cluster.ts',
      'pglite-init': 'src/db/pglite-init.ts',
      'pglite-worker': 'src/db/pglite.worker.ts',
      'history-worker': 'src/modules/market/feed/history.worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true, filter: (file) => !file.endsWith('.ts') });
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now();
  const dir = await buildServer();
  process.stdout.write(`server compiled to ${path.relative(process.cwd(), dir) || dir} in ${Date.now() - started} ms\n`);
}
