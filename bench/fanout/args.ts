import { availableParallelism } from 'node:os';

export interface FanoutOptions {
  /** Websocket clients, each with its own connection. */
  clients: number;
  /** Symbols each client subscribes to. */
  symbols: number;
  /** Length of the measured window, in seconds. */
  seconds: number;
  /** Seconds of traffic before the window opens (JIT, socket buffers, first flush). */
  warmup: number;
  /**
   * Total ticks per second driven into the real feed by the bench; undefined = the simulator's
   * own schedule (every instrument ticks on its own random clock, about 725 ticks/s in all).
   */
  rate: number | undefined;
  /** MARKET_FLUSH_SECONDS: how often the server writes touched bars to the database (production default 15). */
  flush: number;
  /** Worker threads that hold the clients, so clients and server do not share one event loop. */
  workers: number;
  /** Connections opened at once while connecting. */
  batch: number;
  /** Seed of the subscription draw. */
  seed: string;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npx tsx bench/quote-fanout.ts [options]

  --clients <n>    websocket clients (default 2000)
  --symbols <n>    symbols per client, 1-200 (default 20)
  --seconds <n>    measured window in seconds (default 20)
  --warmup <n>     seconds of traffic before measuring (default 3)
  --rate <n>       drive this many ticks/s into the feed instead of the simulator's own schedule
  --flush <n>      server's MARKET_FLUSH_SECONDS, bar writes to the database (default 15, as in production)
  --workers <n>    worker threads holding the clients (default: cores - 1, at least 1)
  --batch <n>      connections opened at once (default 200)
  --seed <text>    seed of the subscription draw (default "fanout")
  --help           this text`;

type Parser = (raw: string, flag: string) => number | string;

function integer(min: number, max: number): Parser {
  return (raw, flag) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${raw}")`);
    }
    return value;
  };
}

function decimal(min: number, max: number): Parser {
  return (raw, flag) => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw new UsageError(`${flag} must be a number from ${min} to ${max} (got "${raw}")`);
    }
    return value;
  };
}

const text: Parser = (raw, flag) => {
  if (raw.length === 0 || raw.length > 100) throw new UsageError(`${flag} must be 1 to 100 characters`);
  return raw;
};

const parsers = {
  clients: integer(1, 100_000),
  symbols: integer(1, 200),
  seconds: decimal(0.5, 3600),
  warmup: decimal(0, 600),
  rate: decimal(1, 1_000_000),
  flush: integer(1, 3600),
  workers: integer(1, 64),
  batch: integer(1, 10_000),
  seed: text,
} satisfies Record<keyof FanoutOptions, Parser>;

export const defaultWorkers = () => Math.max(1, Math.min(8, availableParallelism() - 1));

/** Reads `--flag value` and `--flag=value`; a bad or unknown flag throws a UsageError naming it. */
export function parseArgs(argv: readonly string[]): FanoutOptions | 'help' {
  const options: FanoutOptions = {
    clients: 2000,
    symbols: 20,
    seconds: 20,
    warmup: 3,
    rate: undefined,
    flush: 15,
    workers: defaultWorkers(),
    batch: 200,
    seed: 'fanout',
  };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] ?? '';
    const flag = `--${name}`;
    if (!Object.hasOwn(parsers, name)) throw new UsageError(`unknown option ${flag}`);
    if (seen.has(name)) throw new UsageError(`${flag} is given twice`);
    seen.add(name);
    let raw = match[2];
    if (raw === undefined) {
      raw = argv[i + 1];
      if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
    }
    const key = name as keyof typeof parsers;
    (options as unknown as Record<string, unknown>)[key] = parsers[key](raw, flag);
  }
  return options;
}
