import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export type MarketProvider = 'none' | 'simulator';
export type Only = 'both' | 'orders' | 'pgbench';
export type BenchDatabase = 'postgres' | 'pglite';

export interface OrderBenchOptions {
  /** Concurrent HTTP clients, each with one request in flight; pgbench gets the same number. */
  clients: number;
  /** Length of each measured window, in whole seconds (the order run's, and pgbench's `-T`). */
  seconds: number;
  /** Seconds of load before each window opens (JIT, pool connections, caches); not counted. */
  warmup: number;
  /** Users registered, funded and traded for, round-robin. */
  users: number;
  /** A PostgreSQL server reachable with this URL; fresh databases are created beside its database. */
  databaseUrl: string;
  /** Every n-th request of a client closes a position an earlier order opened; 0 = only buys. */
  closeEvery: number;
  /** The server's MARKET_PROVIDER: `none` (prices stand still) or `simulator` (every symbol ticks). */
  market: MarketProvider;
  /** The server's DATABASE_POOL_SIZE; default: the client count. */
  pool: number | undefined;
  /** pgbench scale factor (`-i -s`); default: the client count, as pgbench's documentation advises. */
  scale: number | undefined;
  /** pgbench worker threads (`-j`); default: the client count, at most the number of cores. */
  threads: number | undefined;
  /** The pgbench executable. */
  pgbench: string;
  /** Which runs to do. */
  only: Only;
  /** The server's database: PostgreSQL at databaseUrl, or in-memory PGlite in the server process (orders only). */
  database: BenchDatabase;
  /** Write a CPU profile of the server process over the measured window to this file (.cpuprofile). */
  profile: string | undefined;
  /** Seed of the symbol draw. */
  seed: string;
  /** Seconds of the open-loop run at half the measured orders/s after the order window; 0 = none. */
  fixedRate: number;
  /** Order runs and pgbench runs taken in turn this many times, each pair giving a ratio (both runs only). */
  pairs: number;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npx tsx bench/order-throughput.ts [options]

  --clients <n>        concurrent HTTP clients, and pgbench's -c (default 16)
  --seconds <n>        measured window of each run in seconds (default 20)
  --warmup <n>         seconds of load before each window, not counted (default 3)
  --users <n>          users registered, funded and traded for round-robin (default 64)
  --database-url <url> PostgreSQL server to use; fresh databases are created there and dropped
                       after (default postgres://postgres@127.0.0.1:5432/test)
  --close-every <n>    every n-th request of a client closes an open position, 0 = buys only (default 10)
  --market <name>      server's MARKET_PROVIDER: none (prices stand still) or simulator (default none)
  --pool <n>           server's DATABASE_POOL_SIZE (default: the client count)
  --scale <n>          pgbench scale factor (default: the client count)
  --threads <n>        pgbench -j (default: the client count, at most the cores)
  --pgbench <path>     pgbench executable (default /usr/bin/pgbench, else pgbench on the PATH)
  --only <run>         orders, pgbench or both (default both)
  --database <kind>    the server's database: postgres, or pglite (in memory in the server process;
                       orders only, no backend sampling; the audit runs in the server) (default postgres)
  --profile <file>     write a CPU profile of the server process over the order run's window
  --seed <text>        seed of the symbol draw (default "orders")
  --fixed-rate <n>     after the order window, n seconds of buys sent at a fixed rate of half the
                       orders/s measured, printing p50/p99 (default 10; 0 = skip)
  --pairs <n>          take the order run and the pgbench run in turn n times and print every pair's
                       ratio and their median: on a machine whose speed drifts, one pair says little (default 1)
  --help               this text`;

export type Parser = (raw: string, flag: string) => number | string;

export function integer(min: number, max: number): Parser {
  return (raw, flag) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${raw}")`);
    }
    return value;
  };
}

export function oneOf(...values: string[]): Parser {
  return (raw, flag) => {
    if (!values.includes(raw)) throw new UsageError(`${flag} must be one of ${values.join(', ')} (got "${raw}")`);
    return raw;
  };
}

const text: Parser = (raw, flag) => {
  if (raw.length === 0 || raw.length > 500) throw new UsageError(`${flag} must be 1 to 500 characters`);
  return raw;
};

export const postgresUrl: Parser = (raw, flag) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} must be a URL such as postgres://postgres@127.0.0.1:5432/test (got "${raw}")`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new UsageError(`${flag} must start with postgres:// or postgresql:// (got "${raw}")`);
  if (!url.hostname) throw new UsageError(`${flag} must name a host (got "${raw}")`);
  if (url.pathname.length <= 1) throw new UsageError(`${flag} must name a database to connect to, e.g. /test (got "${raw}")`);
  return raw;
};

/** Option name on the command line → field. */
const flags = {
  clients: 'clients',
  seconds: 'seconds',
  warmup: 'warmup',
  users: 'users',
  'database-url': 'databaseUrl',
  'close-every': 'closeEvery',
  market: 'market',
  pool: 'pool',
  scale: 'scale',
  threads: 'threads',
  pgbench: 'pgbench',
  only: 'only',
  database: 'database',
  profile: 'profile',
  seed: 'seed',
  'fixed-rate': 'fixedRate',
  pairs: 'pairs',
} as const satisfies Record<string, keyof OrderBenchOptions>;

const parsers = {
  clients: integer(1, 1000),
  seconds: integer(1, 3600),
  warmup: integer(0, 600),
  users: integer(1, 10_000),
  databaseUrl: postgresUrl,
  closeEvery: integer(0, 1_000_000),
  market: oneOf('none', 'simulator'),
  pool: integer(1, 200),
  scale: integer(1, 10_000),
  threads: integer(1, 256),
  pgbench: text,
  only: oneOf('both', 'orders', 'pgbench'),
  database: oneOf('postgres', 'pglite'),
  profile: text,
  seed: text,
  fixedRate: integer(0, 3600),
  pairs: integer(1, 50),
} satisfies Record<keyof OrderBenchOptions, Parser>;

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const defaultPgbench = () => (existsSync('/usr/bin/pgbench') ? '/usr/bin/pgbench' : 'pgbench');

/**
 * Reads `--flag value` and `--flag=value` into `options` (`flags`: option name → field, `parsers`: field → its parser);
 * a bad, unknown or repeated flag throws a UsageError naming it. Answers the names given, or 'help'.
 */
export function readFlags<O extends object, K extends keyof O & string>(
  argv: readonly string[],
  flags: Readonly<Record<string, K>>,
  parsers: Readonly<Record<K, Parser>>,
  options: O,
): Set<string> | 'help' {
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] ?? '';
    const flag = `--${name}`;
    if (!Object.hasOwn(flags, name)) throw new UsageError(`unknown option ${flag}`);
    if (seen.has(name)) throw new UsageError(`${flag} is given twice`);
    seen.add(name);
    let raw = match[2];
    if (raw === undefined) {
      raw = argv[i + 1];
      if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
    }
    const key = flags[name]!;
    (options as Record<string, unknown>)[key] = parsers[key](raw, flag);
  }
  return seen;
}

/** The options a bench's command line gives, or undefined after printing the usage for --help; a UsageError exits 2 with the usage. */
export function optionsOrExit<O>(program: string, usage: string, parse: (argv: readonly string[]) => O | 'help'): O | undefined {
  try {
    const parsed = parse(process.argv.slice(2));
    if (parsed !== 'help') return parsed;
    process.stdout.write(`${usage}\n`);
    return undefined;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${program}: ${error.message}\n\n${usage}\n`);
    process.exit(2);
  }
}

/** Reads `--flag value` and `--flag=value`; a bad or unknown flag throws a UsageError naming it. */
export function parseArgs(argv: readonly string[], pgbench = defaultPgbench()): OrderBenchOptions | 'help' {
  const options: OrderBenchOptions = {
    clients: 16,
    seconds: 20,
    warmup: 3,
    users: 64,
    databaseUrl: DEFAULT_DATABASE_URL,
    closeEvery: 10,
    market: 'none',
    pool: undefined,
    scale: undefined,
    threads: undefined,
    pgbench,
    only: 'both',
    database: 'postgres',
    profile: undefined,
    seed: 'orders',
    fixedRate: 10,
    pairs: 1,
  };
  const seen = readFlags(argv, flags, parsers, options);
  if (seen === 'help') return 'help';
  if (options.database === 'pglite') {
    // pgbench needs a PostgreSQL server: on PGlite only the orders run.
    if (seen.has('only') && options.only !== 'orders') throw new UsageError(`--database pglite runs the orders only (got --only ${options.only})`);
    options.only = 'orders';
  }
  if (options.pairs > 1 && options.only !== 'both') throw new UsageError(`--pairs compares the order run with pgbench: it needs both runs (got --only ${options.only})`);
  return options;
}

/** What the defaults resolve to once the client count is known. */
export function resolved(options: OrderBenchOptions, cores = availableParallelism()) {
  return {
    pool: options.pool ?? options.clients,
    scale: options.scale ?? options.clients,
    threads: options.threads ?? Math.max(1, Math.min(options.clients, cores)),
  };
}
