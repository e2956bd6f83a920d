/**
 * How the server is started in production and by `npm start`, and that a SIGTERM reaches it:
 * - the compiled server (`npm run build:server` → `node packages/server/dist/main.js`, what the Docker
 *   image runs) starts on PGlite in a temporary data directory, answers /health and /ready, and exits 0
 *   promptly on SIGTERM;
 * - `npm start` execs node, so a SIGTERM sent to npm's own pid stops the server (it used to orphan it,
 *   still answering, under npm → sh → tsx → node).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.js';
import { freePort } from '../free-port.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

function get(port: number, path: string): Promise<{ status: number; body: { data?: { status?: string; ready?: boolean } } }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { data?: { status?: string } } }));
    });
    request.on('error', reject);
  });
}

/** A first start on PGlite with a few instruments and a short history, as quick as a real start gets. */
function quickEnv(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradewind-start-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    MARKET_SYMBOLS: 'AAPL,MSFT,EURUSD,USDTWD',
    MARKET_HISTORY_DAYS: '5',
    MARKET_HISTORY_SESSIONS: '1',
  };
}

function run(command: string, args: string[], env: Record<string, string | undefined>) {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output, exited };
}

/** Polls until /ready answers 200; returns every /health status seen on the way. */
async function untilReady(port: number, ms: number, output: { text: string }): Promise<Set<string>> {
  const seen = new Set<string>();
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const health = await get(port, '/health');
      if (health.body.data?.status) seen.add(health.body.data.status);
      if ((await get(port, '/ready')).status === 200) return seen;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`not ready within ${ms} ms\n${output.text.slice(-3000)}`);
}

async function refused(port: number): Promise<boolean> {
  return get(port, '/health').then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

describe('the compiled server (npm run build:server, what the container runs)', () => {
  it('starts with plain node on PGlite, answers /health and /ready, and exits 0 promptly on SIGTERM', async () => {
    const dist = await buildServer();
    const port = await freePort();
    const server = run(process.execPath, [join(dist, 'main.js')], quickEnv(port));
    const statuses = await untilReady(port, 150_000, server.output);
    expect([...statuses].every((s) => s === 'starting' || s === 'ok')).toBe(true);
    expect((await get(port, '/health')).body.data?.status).toBe('ok');
    // Plain JavaScript: the contract (TypeScript source) is inside the bundle, not imported at run time.
    const bundled = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(bundled.filter((file) => readFileSync(join(dist, file), 'utf8').includes('@tradewind/contract'))).toEqual([]);

    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
    expect(exit, server.output.text.slice(-2000)).toEqual({ code: 0, signal: null });
    const seconds = (Date.now() - sentAt) / 1000;
    process.stdout.write(`compiled server: SIGTERM to exit 0 in ${seconds} s\n`);
    expect(seconds).toBeLessThan(10);
    expect(server.output.text).toMatch(/shutting down: finishing requests/);
    expect(await refused(port)).toBe(true);
  }, 200_000);
});

describe('npm start', () => {
  it('passes a SIGTERM sent to npm on to the server, which drains and stops (no orphan left answering)', async () => {
    const port = await freePort();
    const npm = run('npm', ['start'], quickEnv(port));
    await untilReady(port, 240_000, npm.output);
    npm.child.kill('SIGTERM');
    const exit = await Promise.race([npm.exited, sleep(15_000).then(() => null)]);
    expect(exit, npm.output.text.slice(-2000)).not.toBeNull();
    expect(npm.output.text).toMatch(/"signal":"SIGTERM","msg":"shutting down: finishing requests/);
    await sleep(500);
    expect(await refused(port)).toBe(true);
  }, 300_000);
});
