import { DEFAULT_DATABASE_URL, integer, oneOf, postgresUrl, readFlags, type BenchDatabase, type Parser } from '../orders/args.js';

export type EngineWork = 'stop-loss' | 'limit';

export interface EngineClosesOptions {
  /** What the price move sets off: stop-losses of open positions closing, or resting limit buys filling. */
  kind: EngineWork;
  /** Positions opened (or limit orders placed) before each price move, each crossed by the move. */
  positions: number;
  /** Price moves, each after opening `positions` new positions at the price the last one left. */
  rounds: number;
  /** Concurrent HTTP clients opening the positions. */
  clients: number;
  users: number;
  databaseUrl: string;
  database: BenchDatabase;
}

export const USAGE = `Usage: npx tsx bench/engine-closes.ts [options]

  --kind <work>        stop-loss: positions with a stop-loss 5 % below the price, closed by the engine;
                       limit: resting limit buys 5 % below the price, filled by the engine (default stop-loss)
  --positions <n>      positions opened (limit orders placed) before each price move (default 2000)
  --rounds <n>         price moves of -10 %, each after opening that many positions (default 3)
  --clients <n>        concurrent HTTP clients opening the positions (default 16)
  --users <n>          users the positions are spread over (default 64)
  --database-url <url> PostgreSQL server; a fresh database is created there and dropped after
                       (default ${DEFAULT_DATABASE_URL})
  --database <kind>    postgres, or pglite (in memory in the server process) (default postgres)
  --help               this text`;

const flags = {
  kind: 'kind',
  positions: 'positions',
  rounds: 'rounds',
  clients: 'clients',
  users: 'users',
  'database-url': 'databaseUrl',
  database: 'database',
} as const satisfies Record<string, keyof EngineClosesOptions>;

const parsers = {
  kind: oneOf('stop-loss', 'limit'),
  positions: integer(1, 100_000),
  rounds: integer(1, 20),
  clients: integer(1, 256),
  users: integer(1, 10_000),
  databaseUrl: postgresUrl,
  database: oneOf('postgres', 'pglite'),
} satisfies Record<keyof EngineClosesOptions, Parser>;

/** Reads `--flag value` and `--flag=value`; a bad or unknown flag throws a UsageError naming it. */
export function parseArgs(argv: readonly string[]): EngineClosesOptions | 'help' {
  const options: EngineClosesOptions = { kind: 'stop-loss', positions: 2000, rounds: 3, clients: 16, users: 64, databaseUrl: DEFAULT_DATABASE_URL, database: 'postgres' };
  return readFlags(argv, flags, parsers, options) === 'help' ? 'help' : options;
}
