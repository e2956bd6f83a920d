import { DEFAULT_DATABASE_URL, integer, oneOf, postgresUrl, UsageError, type BenchDatabase, type Parser } from '../orders/args.js';

export interface EngineClosesOptions {
  /** Positions opened before each price move, each with a stop-loss the move crosses. */
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

  --positions <n>      positions opened before each price move, each with a stop-loss 5 % below (default 2000)
  --rounds <n>         price moves of -10 %, each after opening that many positions (default 3)
  --clients <n>        concurrent HTTP clients opening the positions (default 16)
  --users <n>          users the positions are spread over (default 64)
  --database-url <url> PostgreSQL server; a fresh database is created there and dropped after
                       (default ${DEFAULT_DATABASE_URL})
  --database <kind>    postgres, or pglite (in memory in the server process) (default postgres)
  --help               this text`;

const flags = {
  positions: 'positions',
  rounds: 'rounds',
  clients: 'clients',
  users: 'users',
  'database-url': 'databaseUrl',
  database: 'database',
} as const satisfies Record<string, keyof EngineClosesOptions>;

const parsers = {
  positions: integer(1, 100_000),
  rounds: integer(1, 20),
  clients: integer(1, 256),
  users: integer(1, 10_000),
  databaseUrl: postgresUrl,
  database: oneOf('postgres', 'pglite'),
} satisfies Record<keyof EngineClosesOptions, Parser>;

/** Reads `--flag value` and `--flag=value`; a bad or unknown flag throws a UsageError naming it. */
export function parseArgs(argv: readonly string[]): EngineClosesOptions | 'help' {
  const options: EngineClosesOptions = { positions: 2000, rounds: 3, clients: 16, users: 64, databaseUrl: DEFAULT_DATABASE_URL, database: 'postgres' };
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
    const key = flags[name as keyof typeof flags];
    (options as unknown as Record<string, unknown>)[key] = parsers[key](raw, flag);
  }
  return options;
}
