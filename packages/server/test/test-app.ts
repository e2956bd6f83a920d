import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { FakeClock } from '../src/lib/clock.js';
import { ensureAdmin } from '../src/modules/admin/admin.service.js';
import { creditDeposit, inTransaction } from '../src/modules/ledger/ledger.service.js';
import { setTradePermission } from '../src/modules/trading/trading.repository.js';

export const ADMIN_EMAIL = 'admin@tradewind.test';
export const ADMIN_PASSWORD = 'Adm1n-Passw0rd';

/** A small cross-section of the instrument master: every source, and CL both as Colgate and as crude oil. */
export const TEST_SYMBOLS = 'AAPL,MSFT,NVDA,TSLA,AMD,F,BAC,2330,0050,SPX,IXIC,N225,GC,SI,CL,NG,ZC,EURUSD,USDJPY,USDTWD';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  clock: FakeClock;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * (created for this test file and dropped after) when DATABASE_URL is set.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  appOptions: Pick<AppOptions, 'onRoute' | 'logger'> = {},
  migration: { upTo?: string } = {},
): Promise<TestContext> {
  const fresh = process.env.DATABASE_URL ? await createFreshPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    EMAIL_CODE_INTERVAL_SECONDS: '0',
    WEB_DIST: '/nonexistent-web-dist',
    MARKET_PROVIDER: 'none',
    MARKET_ALWAYS_OPEN: 'false',
    MARKET_SYMBOLS: TEST_SYMBOLS,
    MARKET_HISTORY_DAYS: '400',
    MARKET_HISTORY_SESSIONS: '3',
    ...(fresh && { DATABASE_URL: fresh.url }),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 5 });
  await migrate(database, migration);
  const clock = new FakeClock();
  const silent = { info: () => undefined } as never;
  await ensureAdmin({ db: database.db, config, clock, log: silent }, () => undefined);
  const app = await buildApp({ config, database, clock, logger: false, ...appOptions });
  await app.ready();
  return {
    app,
    config,
    clock,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
    },
  };
}

async function createFreshPostgresDatabase(baseUrl: string) {
  const name = `tw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls the API through HTTP injection, the way a client would. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiAnswer<T>> {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...(options.token && { authorization: options.token }), ...options.headers },
    ...(options.ip && { remoteAddress: options.ip }),
  };
  if (options.body !== undefined) {
    if (typeof options.body === 'string') {
      request.payload = options.body;
      request.headers = { 'content-type': 'application/json', ...request.headers };
    } else {
      request.payload = options.body as Record<string, unknown>;
    }
  }
  const response = await app.inject(request);
  const json = response.json<{ code: number; msg: string; data: T }>();
  return { status: response.statusCode, ...json, headers: response.headers };
}

const adminTokens = new WeakMap<FastifyInstance, string>();

export async function adminToken(app: FastifyInstance): Promise<string> {
  const cached = adminTokens.get(app);
  if (cached) return cached;
  const answer = await call<{ token: string }>(app, 'POST', '/loginByUsername', {
    body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    ip: '10.9.9.9',
  });
  if (answer.code !== 200) throw new Error(`admin login failed: ${answer.msg}`);
  adminTokens.set(app, answer.data.token);
  return answer.data.token;
}

/** The newest code mailed to `email`, read from the outbox as a local user would. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const url = `/admin/outbox?to=${encodeURIComponent(email)}`;
  let answer = await call<{ code: string | null }[]>(app, 'GET', url, { token: await adminToken(app) });
  if (answer.code === 401) {
    // A test moved the fake clock past the admin session's expiry: sign in again.
    adminTokens.delete(app);
    answer = await call<{ code: string | null }[]>(app, 'GET', url, { token: await adminToken(app) });
  }
  const code = answer.data[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** Registers a user through the real calls and returns the session. */
export async function registerUser(app: FastifyInstance, email = uniqueEmail(), password = 'Tr4de-wind!') {
  const sent = await call(app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
  if (sent.code !== 200) throw new Error(`getEmailCode failed: ${sent.msg}`);
  const code = await latestCode(app, email);
  const answer = await call<{ token: string; user: { id: number; email: string; inviteCode: string } }>(app, 'POST', '/register/email', {
    body: { email, code, password },
  });
  if (answer.code !== 200) throw new Error(`register failed: ${answer.msg}`);
  return { email, password, token: answer.data.token, user: answer.data.user };
}

/** Credits a wallet as an approved deposit would (amount in minor units). */
export async function fund(app: FastifyInstance, userId: number, amount: number, walletType = 'BALANCE', currency = 'USD') {
  await inTransaction(app.database.db, (tx) =>
    creditDeposit(tx, { userId, walletType, currency, amount, referenceType: 'test-deposit', referenceId: null }, app.clock.now()),
  );
}

/** Grants trading permission as an approved application would. */
export async function approveTrading(app: FastifyInstance, userId: number) {
  await setTradePermission(app.database.db, [userId], 3);
  // As the real approval does once committed: the signed-in sessions' copies of the user are forgotten.
  app.bus.publish('usersChanged', { userIds: [userId] });
}

/** Moves an instrument's price as a provider tick would, a second later on the test clock. */
export function tick(ctx: TestContext, source: number, code: string, price: number, volume = 100) {
  ctx.clock.advance(1000);
  ctx.app.market.feed.apply({ source: source as 0, code, price, volume, ts: ctx.clock.now().getTime() });
}

/** Polls until `check` passes (the engine acts on ticks asynchronously). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
