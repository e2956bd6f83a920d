/**
 * `npm run start:cluster` (src/cluster/start-cluster.ts, node:cluster): two workers answer on one port,
 * a worker that dies is started again, and SIGTERM to the primary drains every worker (websockets closed
 * with 1001) and exits 0. Without DATABASE_URL or REDIS_URL it refuses to start, naming them.
 * The cluster part runs in the PostgreSQL suite (DATABASE_URL) with Redis; skipped, saying so, without.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFreshDatabase, type FreshDatabase } from '../crash/crash-server.js';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../redis.js';
import { freePort } from '../free-port.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const baseUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The launcher as `npm run start:cluster` runs it (without the web build), its output kept. */
function launch(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cluster/start-cluster.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

async function waitFor(check: () => boolean, ms: number, what: string, output: { text: string }): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`not within ${ms} ms: ${what}\n--- launcher output ---\n${output.text.slice(-4000)}`);
}

/** GET /health on a new connection each time (the primary deals connections, not requests, in turn). */
function health(port: number): Promise<{ status: number; role?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, headers: { connection: 'close' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, role: (JSON.parse(body) as { data?: { role?: string } }).data?.role }));
    });
    request.on('error', reject);
  });
}

const workerPids = (text: string) => [...text.matchAll(/worker (\d+) \(pid (\d+)\) is ready/g)].map((m) => ({ worker: Number(m[1]), pid: Number(m[2]) }));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run start:cluster refuses to start without its shared services', () => {
  it('names DATABASE_URL and REDIS_URL when they are missing, and exits 1', async () => {
    const { output, exited } = launch({ PORT: '0' });
    expect((await exited).code).toBe(1);
    expect(output.text).toMatch(/DATABASE_URL: is required: several processes share one PostgreSQL database/);
    expect(output.text).toMatch(/REDIS_URL: is required: the processes exchange quotes and events over Redis/);
  }, 30_000);
});

(baseUrl ? describeWithRedis : describe.skip)('npm run start:cluster on node:cluster', () => {
  let database: FreshDatabase;
  let port: number;
  let run: ReturnType<typeof launch>;

  beforeAll(async () => {
    database = await createFreshDatabase(baseUrl ?? '');
    port = await freePort();
    run = launch({
      DATABASE_URL: database.url,
      REDIS_URL: redisTestUrl,
      REDIS_PREFIX: testBusPrefix(),
      CLUSTER_PROCESSES: '2',
      CLUSTER_RESTART_DELAY_MS: '200',
      HOST: '127.0.0.1',
      PORT: String(port),
      LEADER_CHECK_MS: '500',
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
      ADMIN_EMAIL: 'admin@tradewind.cluster',
      ADMIN_PASSWORD: 'Cluster-Admin-4821',
      MARKET_PROVIDER: 'simulator',
      MARKET_ALWAYS_OPEN: 'true',
      MARKET_SYMBOLS: 'AAPL,MSFT,EURUSD,USDTWD',
      MARKET_HISTORY_DAYS: '5',
      MARKET_HISTORY_SESSIONS: '1',
    });
    await waitFor(() => /2 workers share/.test(run.output.text), 180_000, 'both workers ready', run.output);
  }, 200_000);

  afterAll(async () => {
    if (run && run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      for (const { pid } of workerPids(run.output.text)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    await database?.drop();
  }, 60_000);

  it('the first worker starts alone, then the second; both answer on the one port (the leader and the follower)', async () => {
    const ready = workerPids(run.output.text);
    expect(ready.map((r) => r.worker)).toEqual([1, 2]);
    const roles = new Set<string | undefined>();
    for (let i = 0; i < 8; i += 1) {
      const answer = await health(port);
      expect(answer.status).toBe(200);
      roles.add(answer.role);
    }
    expect([...roles].sort()).toEqual(['follower', 'leader']);
  }, 30_000);

  it('a worker that dies is started again and answers on the same port', async () => {
    const second = workerPids(run.output.text).find((r) => r.worker === 2)!;
    process.kill(second.pid, 'SIGKILL');
    await waitFor(() => /worker 2 exited \(SIGKILL\); starting it again/.test(run.output.text), 10_000, 'the launcher saw the death', run.output);
    await waitFor(() => workerPids(run.output.text).filter((r) => r.worker === 2).length === 2, 120_000, 'worker 2 ready again', run.output);
    const again = workerPids(run.output.text).filter((r) => r.worker === 2)[1]!;
    expect(again.pid).not.toBe(second.pid);
    expect(alive(second.pid)).toBe(false);
    // The dead worker takes no more connections; both live ones answer.
    const roles = new Set<string | undefined>();
    for (let i = 0; i < 8; i += 1) {
      const answer = await health(port);
      expect(answer.status).toBe(200);
      roles.add(answer.role);
    }
    expect([...roles].sort()).toEqual(['follower', 'leader']);
  }, 150_000);

  it('SIGTERM to the primary drains every worker (their websockets closed with 1001) and exits 0', async () => {
    const sockets = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        return { closed };
      }),
    );
    const pids = workerPids(run.output.text).map((r) => r.pid).filter(alive);
    expect(pids).toHaveLength(2);
    const sentAt = Date.now();
    run.child.kill('SIGTERM');
    const exit = await Promise.race([run.exited, sleep(20_000).then(() => null)]);
    expect(exit, `the launcher did not exit within 20 s\n${run.output.text.slice(-3000)}`).toEqual({ code: 0, signal: null });
    process.stdout.write(`start:cluster test: SIGTERM to exit 0 in ${Date.now() - sentAt} ms\n`);
    expect(await Promise.race([Promise.all(sockets.map((s) => s.closed)), sleep(5000).then(() => 'some socket was never closed')])).toEqual([1001, 1001, 1001, 1001]);
    expect(pids.filter(alive)).toEqual([]);
    expect(run.output.text).toMatch(/SIGTERM: draining every worker[\s\S]*every worker has stopped/);
    await expect(health(port)).rejects.toThrow(/ECONNREFUSED/);
  }, 40_000);
});
