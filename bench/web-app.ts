/**
 * What the browser benches share (`lighthouse.ts`, `main-thread-trace.ts`): the pages measured, the
 * real server serving a given build of the web app (with a signed-in user for the order page), and
 * the session token put into the page before the app reads it.
 */
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { buildApp } from '@tradewind/server';
import { loadConfig } from '../packages/server/src/config/config.js';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { systemClock } from '../packages/server/src/lib/clock.js';
import { ensureAdmin } from '../packages/server/src/modules/admin/admin.service.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approveTrading, fund, registerUser, uniqueEmail } from '../packages/server/test/test-app.js';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface Target {
  name: string;
  /** The hash route, query included. */
  route: string;
  signedIn: boolean;
}

export const targets: Target[] = [
  { name: 'Home', route: '/pages/home/index', signedIn: false },
  { name: 'Market', route: '/pages/market/index', signedIn: false },
  { name: 'Quote (AAPL)', route: '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ', signedIn: false },
  { name: 'Order (AAPL, signed in)', route: '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0', signedIn: true },
];

/** `--page NAME`: the targets whose name starts with it (all without it); exits when none does. */
export function pickTargets(page: string | undefined): Target[] {
  const pages = targets.filter((target) => page === undefined || target.name.toLowerCase().startsWith(page.toLowerCase()));
  if (pages.length === 0) {
    console.error(`--page must start one of ${targets.map((target) => target.name).join(', ')} (got "${page}")`);
    process.exit(2);
  }
  return pages;
}

export interface ServedApp {
  baseUrl: string;
  /** A signed-in user allowed to trade, with money in the stock wallet (the order page). */
  token: string;
  close(): Promise<void>;
}

/** The production server on an in-memory database, serving the build in `webDist` on a free port. */
export async function startServer(webDist: string): Promise<ServedApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    // No SMTP server here: codes go to the outbox (a production start otherwise refuses without SMTP_URL).
    MAIL_LOG_ONLY: 'true',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WEB_DIST: webDist,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    EMAIL_CODE_INTERVAL_SECONDS: '0',
    MARKET_ALWAYS_OPEN: 'true',
    MARKET_HISTORY_DAYS: '30',
    MARKET_HISTORY_SESSIONS: '1',
  });
  const database: DatabaseHandle = await openDatabase({ dataDir: config.dataDir });
  await migrate(database);
  await ensureAdmin({ db: database.db, config, clock: systemClock, log: { info: () => undefined } as never }, () => undefined);
  const app: App = await buildApp({ config, database, logger: false });
  await app.ready();
  await app.market.feed.flush(); // the generated history, saved before anything is measured
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const session = await registerUser(app, uniqueEmail('lighthouse'));
  await approveTrading(app, session.user.id);
  await fund(app, session.user.id, 1_000_000, 'STOCK');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token: session.token,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Puts the session token into every new document of the app's origin: a cold visit (Lighthouse
 * clears the origin's storage first, a fresh browser context has none) that is still signed in.
 */
export async function signInEveryDocument(page: Page, url: string, token: string): Promise<void> {
  const origin = new URL(url).origin;
  await page.evaluateOnNewDocument(
    (appOrigin: string, value: string) => {
      // Runs in the page (bench's tsconfig has no DOM types).
      const scope = globalThis as unknown as { location: { origin: string }; localStorage: { setItem(key: string, value: string): void } };
      if (scope.location.origin === appOrigin) scope.localStorage.setItem('token', value);
    },
    origin,
    token,
  );
}
