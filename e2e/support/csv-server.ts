import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A server of the flow's own whose prices come from a CSV replay (MARKET_PROVIDER=csv), so a flow can
 * drive a price where it needs it without any endpoint that moves prices. It can be stopped and
 * started again on the same port and data directory with another file: the browser keeps its origin
 * (and so its session) and the database keeps the user's positions, as a real restart would.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const artifacts = join(repoRoot, 'e2e', 'artifacts');

export function freePort(): Promise<number> {
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

/** One row a tick: `price` for `code` of `source`, `gapMs` after the row before. */
export interface ReplayRow {
  source: number;
  code: string;
  price: number;
  gapMs: number;
}

export function writeReplayCsv(file: string, rows: readonly ReplayRow[], decimals = 5): string {
  let ts = 1_700_000_000_000;
  const lines = ['ts,source,code,price,volume'];
  for (const row of rows) {
    ts += row.gapMs;
    lines.push(`${ts},${row.source},${row.code},${row.price.toFixed(decimals)},1`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export interface CsvServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startCsvServer(options: { port: number; dataDir: string; csvFile: string; loop: boolean; logName: string; admin: { email: string; password: string }; symbols?: string }): Promise<CsvServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const log = createWriteStream(join(artifacts, `${options.logName}.log`));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      WEB_DIST: join(repoRoot, 'packages/web/dist'),
      MARKET_PROVIDER: 'csv',
      MARKET_CSV_FILE: options.csvFile,
      MARKET_CSV_LOOP: options.loop ? 'true' : 'false',
      MARKET_ALWAYS_OPEN: 'true',
      // A few instruments: their history is generated at every start, and this machine is shared.
      MARKET_SYMBOLS: options.symbols ?? 'AAPL,SPX,GC,EURUSD,USDJPY,USDTWD,2330',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
      server.once('exit', () => {
        clearTimeout(force);
        log.end();
        resolve();
      });
      server.kill('SIGTERM');
    });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the CSV server exited with code ${server.exitCode}; see e2e/artifacts/${options.logName}.log`);
    try {
      // /health answers 'starting' as soon as the port opens; /ready only once the app takes requests.
      if ((await fetch(`${baseUrl}/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the CSV server was not ready in time; see e2e/artifacts/${options.logName}.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}
