import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The URL of another database on the same server (same host, port, user and options). */
export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `CREATE DATABASE <prefix><random>` beside the base URL's database, as the server's tests do; drop it after. */
export async function createFreshDatabase(baseUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrlFor(baseUrl, name),
    drop: () => withClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** PostgreSQL's version string and the settings that decide commit cost. */
export function serverFacts(baseUrl: string): Promise<{ version: string; settings: Record<string, string> }> {
  return withClient(baseUrl, async (client) => {
    const version = (await client.query<{ v: string }>('SELECT version() AS v')).rows[0]?.v ?? '?';
    const names = ['max_connections', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay'];
    const rows = (await client.query<{ name: string; setting: string; unit: string | null }>('SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)', [names])).rows;
    return { version, settings: Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} ${r.unit}` : r.setting])) };
  });
}

export interface BookFigures {
  /** Sum of the margin system accounts and of open positions' margin, cents: equal when sound. */
  marginHeld: number;
  marginOwed: number;
  orders: number;
  openPositions: number;
  closedPositions: number;
}

/** Counts of the app's book after the run, read straight from its database. */
export function bookFigures(url: string): Promise<BookFigures> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ held: string; owed: string; orders: number; open: number; closed: number }>(
      `SELECT COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'margin'), 0)::text AS held,
              COALESCE((SELECT SUM(margin) FROM positions WHERE status = 'open'), 0)::text AS owed,
              (SELECT count(*) FROM orders)::int AS orders,
              (SELECT count(*) FROM positions WHERE status = 'open')::int AS open,
              (SELECT count(*) FROM positions WHERE status <> 'open')::int AS closed`,
    );
    const row = rows[0];
    return {
      marginHeld: Number(row?.held ?? NaN),
      marginOwed: Number(row?.owed ?? NaN),
      orders: row?.orders ?? 0,
      openPositions: row?.open ?? 0,
      closedPositions: row?.closed ?? 0,
    };
  });
}
