import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../free-port.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 120_000;

export const ADMIN_EMAIL = 'admin@tradewind.crash';
export const ADMIN_PASSWORD = 'Crash-Admin-4821';
/** US stocks, all traded from the STOCK wallet in USD; the server loads only these (quick start). */
export const SYMBOLS = ['AAPL', 'MSFT', 'TSLA'];

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onBase<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database beside DATABASE_URL's, as the server suite makes one per test file; dropped after. */
export async function createFreshDatabase(baseUrl: string): Promise<FreshDatabase> {
  const name = `tw_crash_${randomBytes(5).toString('hex')}`;
  await onBase(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onBase(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * The real server (`packages/server/src/main.ts`, as `npm start` runs it) in a child process on one
 * port for the whole run, so clients keep their base URL across kills. Its output goes to `logFile`.
 */
export class CrashServer {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;

  private constructor(
    readonly baseUrl: string,
    private readonly port: number,
    private readonly databaseUrl: string,
    readonly logFile: string,
    private readonly env: Record<string, string>,
  ) {
    this.log = createWriteStream(logFile);
  }

  /** `env` adds to or overrides the crash test's settings (the cluster test sets REDIS_URL, for one). */
  static async create(databaseUrl: string, logFile: string, env: Record<string, string> = {}): Promise<CrashServer> {
    const port = await freePort();
    return new CrashServer(`http://127.0.0.1:${port}`, port, databaseUrl, logFile, env);
  }

  async start(): Promise<number> {
    const started = Date.now();
    this.log.write(`\n--- start ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // No SMTP server here: codes go to the outbox (a production start otherwise refuses without SMTP_URL).
        MAIL_LOG_ONLY: 'true',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: this.databaseUrl,
        DATABASE_POOL_SIZE: '8',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent-web-dist',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        EMAIL_CODE_INTERVAL_SECONDS: '0',
        EMAIL_CODE_PER_IP_PER_HOUR: '100000',
        LOGIN_PER_IP_PER_MINUTE: '100000',
        // The load is many calls a second from each of a few users; the per-user abuse limits would refuse most.
        ORDER_PER_USER_PER_MINUTE: '100000',
        PAY_PASSWORD_PER_USER_PER_MINUTE: '1000',
        TRADING_AUTO_APPROVE: 'true',
        // Some transfers settle between kills, others are still pending (held) when one comes.
        TRANSFER_SETTLE_SECONDS: '4',
        MARKET_PROVIDER: 'simulator',
        MARKET_ALWAYS_OPEN: 'true',
        MARKET_SYMBOLS: [...SYMBOLS, 'EURUSD', 'USDTWD'].join(','),
        MARKET_HISTORY_DAYS: '5',
        MARKET_HISTORY_SESSIONS: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting; see ${this.logFile}`);
      try {
        const response = await fetch(`${this.baseUrl}/ready`);
        if (response.status === 200) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server was not ready (GET /ready) within ${STARTUP_TIMEOUT_MS} ms; see ${this.logFile}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight transactions die with their connections. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.log.write(`--- SIGKILL ${new Date().toISOString()} ---\n`);
  }

  /** A graceful stop at the end of the run. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    }
    await new Promise((resolve) => this.log.end(resolve));
  }
}
