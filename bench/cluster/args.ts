export interface ClusterBenchOptions {
  clients: number;
  seconds: number;
  users: number;
  subscribers: number;
  tickMs: number;
  databaseUrl: string;
  redisUrl: string;
}

const defaults: ClusterBenchOptions = {
  clients: 16,
  seconds: 15,
  users: 16,
  subscribers: 200,
  tickMs: 5,
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const numeric = { '--clients': 'clients', '--seconds': 'seconds', '--users': 'users', '--subscribers': 'subscribers', '--tick-ms': 'tickMs' } as const;

/** `--name value` pairs; an unknown flag or a value that is not a positive whole number is named. */
export function parseClusterArgs(argv: readonly string[]): ClusterBenchOptions {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--database-url') {
      if (!/^postgres(ql)?:\/\//.test(value)) throw new Error(`--database-url must start with postgres://, got ${value}`);
      options.databaseUrl = value;
    } else if (flag === '--redis-url') {
      if (!/^rediss?:\/\//.test(value)) throw new Error(`--redis-url must start with redis://, got ${value}`);
      options.redisUrl = value;
    } else if (flag in numeric) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive whole number, got ${value}`);
      options[numeric[flag as keyof typeof numeric]] = n;
    } else throw new Error(`unknown option ${flag}; options: --clients --seconds --users --subscribers --tick-ms --database-url --redis-url`);
  }
  return options;
}
