import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where the server's code is; another checkout can be named to test the app against a known server build. */
const serverRoot = process.env.E2E_SERVER_ROOT ?? repoRoot;
const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
const ADMIN_EMAIL = 'admin@tradewind.test';
const ADMIN_PASSWORD = 'E2e-Admin-Pass-7351';
/** A busy machine (several checkouts testing at once) can need longer: E2E_STARTUP_TIMEOUT_MS. */
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_TIMEOUT_MS) || 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logName = 'server.log', timeoutMs = STARTUP_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}; see e2e/artifacts/${logName}`);
    try {
      const response = await fetch(`${baseUrl}/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready (GET /ready) within ${timeoutMs} ms; see e2e/artifacts/${logName}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export interface E2eServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database in a temporary folder, serving the built app, with a known admin;
 * `env` adds to (or overrides) the test settings, its output goes to e2e/artifacts/`logName`.
 */
export async function startE2eServer(options: { adminPassword: string; logName: string; env?: Record<string, string>; timeoutMs?: number }): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tradewind-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(artifactsDir, options.logName));
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: options.adminPassword,
      WEB_DIST: join(repoRoot, 'packages/web/dist'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const close = async () => {
    await stop(server);
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, options.logName, options.timeoutMs);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, close };
}

/** Starts the real server (fresh database, known admin) serving the built app, for all browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (or `npm run test:e2e`, which builds first).');
  }
  mkdirSync(artifactsDir, { recursive: true });
  const server = await startE2eServer({
    adminPassword: ADMIN_PASSWORD,
    logName: 'server.log',
    // Every flow registers its users from 127.0.0.1, like an office behind one address: 36 files ask for
    // more than the default 30 e-mail codes an hour per address. The limit itself is tested in the server suite.
    env: { EMAIL_CODE_PER_IP_PER_HOUR: '1000' },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return () => server.close();
}
