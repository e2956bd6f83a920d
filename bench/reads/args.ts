export interface ReadBenchOptions {
  /** Concurrent keep-alive connections of the load generator, for the server and the bare server alike. */
  connections: number;
  /** Length of each measured run, in seconds. */
  duration: number;
  /** Seconds of load before each server/bare pair of one route, not counted (JIT, caches). */
  warmup: number;
  /** How many times each route is measured, alternating server and bare server. */
  rounds: number;
  /** Seconds to wait after the measured (second) start is ready, before the first load. */
  settle: number;
  /** The server's LOG_LEVEL; `warn` keeps the per-request lines off, `info` measures them on. */
  logLevel: string;
  /** First port of the two used (server, bare server). */
  port: number;
  /** Run the TypeScript sources under tsx instead of the compiled `packages/server/dist/main.js`. */
  sources: boolean;
  /** Another compiled server to run (an earlier commit's dist/main.js, for a before figure). */
  main: string | undefined;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run bench:reads -w @tradewind/bench [-- options]

  --connections <n>  keep-alive connections of the load generator (default 32)
  --duration <n>     seconds of each measured run (default 10)
  --warmup <n>       seconds of unmeasured load before each route's runs (default 2)
  --rounds <n>       runs per route and server, alternating server and bare (default 2)
  --settle <n>       seconds to wait after the measured start is ready (default 5)
  --log-level <lvl>  the server's LOG_LEVEL (default warn: request lines off)
  --port <n>         server port; the bare server takes the next one (default 4200)
  --sources          run packages/server/src/main.ts under tsx instead of the compiled dist/main.js
  --main <file>      run this compiled main.js instead (an earlier commit's build, for a before figure)
  --help             this text`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function wholeNumber(raw: string, flag: string, min: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new UsageError(`${flag} needs a whole number ≥ ${min}, not "${raw}"`);
  return value;
}

/** Reads `--flag value` and `--flag=value`; an unknown flag or a bad value is a UsageError naming it. */
export function parseArgs(argv: readonly string[]): ReadBenchOptions {
  const options: ReadBenchOptions = { connections: 32, duration: 10, warmup: 2, rounds: 2, settle: 5, logLevel: 'warn', port: 4200, sources: false, main: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--sources') {
      options.sources = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      if (eq >= 0) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--connections':
        options.connections = wholeNumber(value(), flag, 1);
        break;
      case '--duration':
        options.duration = wholeNumber(value(), flag, 1);
        break;
      case '--warmup':
        options.warmup = wholeNumber(value(), flag, 0);
        break;
      case '--rounds':
        options.rounds = wholeNumber(value(), flag, 1);
        break;
      case '--settle':
        options.settle = wholeNumber(value(), flag, 0);
        break;
      case '--port':
        options.port = wholeNumber(value(), flag, 1);
        if (options.port > 65_534) throw new UsageError(`${flag} leaves no port for the bare server above ${options.port}`);
        break;
      case '--main':
        options.main = value();
        break;
      case '--log-level': {
        const level = value();
        if (!LOG_LEVELS.includes(level)) throw new UsageError(`${flag} is one of ${LOG_LEVELS.join(', ')}, not "${level}"`);
        options.logLevel = level;
        break;
      }
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  return options;
}
