/**
 * docs/deploy.md's nginx example, taken from the page itself, in front of a real server process
 * (TRUST_PROXY=true, as the page says): plain requests, a websocket through `location /ws`, and the
 * X-Forwarded-For the example sets reaching the server (the loopback-only /metrics then refuses a
 * request nginx relayed, while the same request straight to the server is served).
 * Needs nginx (`apt-get install nginx-light`, as .ci/run does); skipped, saying so, without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../free-port.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ```nginx block of docs/deploy.md, pointed at `backend` and listening on plain HTTP at `port` (no certificate here). */
function configFromDocs(backend: number, port: number, dir: string): string {
  const page = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```nginx block');
  const adapted = block
    .replace(/upstream tradewind \{[^}]*?keepalive/, `upstream tradewind { server 127.0.0.1:${backend}; keepalive`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  if (adapted.includes('10.0.0.') || /listen 443\b/.test(adapted)) throw new Error(`the example changed shape; adapt this test:\n${block}`);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  return `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\nevents {}\nhttp {\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n${adapted}}\n`;
}

(nginx ? describe : describe.skip)("docs/deploy.md's nginx example in front of a server", () => {
  const dir = mkdtempSync(join(tmpdir(), 'tradewind-nginx-'));
  let server: ChildProcess;
  let proxy: ChildProcess;
  let backend: number;
  let front: number;
  let serverLog = '';

  beforeAll(async () => {
    backend = await freePort();
    front = await freePort();
    mkdirSync(join(dir, 'data'));
    server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(backend),
        DATA_DIR: join(dir, 'data'),
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent-web-dist',
        MARKET_SYMBOLS: 'AAPL,MSFT,EURUSD,USDTWD',
        MARKET_HISTORY_DAYS: '5',
        MARKET_HISTORY_SESSIONS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, configFromDocs(backend, front, dir));
    const check = spawnSync(nginx!, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the example:\n${check.stderr}\n${readFileSync(conf, 'utf8')}`);
    proxy = spawn(nginx!, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
    const deadline = Date.now() + 150_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${front}/ready`).then((r) => r.status === 200, () => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`not ready through nginx within 150 s\n${serverLog.slice(-3000)}`);
      await sleep(500);
    }
  }, 180_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    }
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('nginx -t accepts the example and it serves the API', async () => {
    const health = await fetch(`http://127.0.0.1:${front}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { status: string } }).data.status).toBe('ok');
  });

  it('carries a websocket through location /ws (upgrade headers, heartbeat answered)', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${front}/ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const pong = new Promise<{ type: string; ts?: number }>((resolve) =>
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { type: string; ts?: number };
        if (message.type === 'pong') resolve(message);
      }),
    );
    socket.send(JSON.stringify({ type: 'ping', ts: 42 }));
    expect(await pong).toMatchObject({ type: 'pong', ts: 42 });
    socket.close();
  });

  it('passes the client address in X-Forwarded-For: the loopback-only /metrics refuses a relayed request, not a direct one', async () => {
    expect((await fetch(`http://127.0.0.1:${backend}/metrics`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${front}/metrics`)).status).toBe(403);
  });
});
