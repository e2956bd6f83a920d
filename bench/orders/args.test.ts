import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_URL, parseArgs, resolved, UsageError } from './args.js';

const parse = (argv: string[]) => parseArgs(argv, '/usr/bin/pgbench');

describe('parseArgs', () => {
  it('has the documented defaults', () => {
    expect(parse([])).toEqual({
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
      pgbench: '/usr/bin/pgbench',
      only: 'both',
      database: 'postgres',
      profile: undefined,
      seed: 'orders',
      fixedRate: 10,
      pairs: 1,
    });
  });

  it('takes --pairs for the order and pgbench runs in turn, and refuses it with one run only', () => {
    expect(parse(['--pairs', '5'])).toMatchObject({ pairs: 5, only: 'both' });
    expect(() => parse(['--pairs', '0'])).toThrow('--pairs must be a whole number from 1 to 50 (got "0")');
    expect(() => parse(['--pairs', '3', '--only', 'orders'])).toThrow('--pairs compares the order run with pgbench: it needs both runs (got --only orders)');
    expect(() => parse(['--pairs', '2', '--database', 'pglite'])).toThrow('it needs both runs (got --only orders)');
    expect(parse(['--pairs', '1', '--only', 'pgbench'])).toMatchObject({ pairs: 1, only: 'pgbench' });
  });

  it('runs the orders only on PGlite, and refuses pgbench there', () => {
    expect(parse(['--database', 'pglite'])).toMatchObject({ database: 'pglite', only: 'orders' });
    expect(() => parse(['--database', 'pglite', '--only', 'both'])).toThrow('--database pglite runs the orders only (got --only both)');
    expect(() => parse(['--database', 'mysql'])).toThrow('--database must be one of postgres, pglite (got "mysql")');
  });

  it('reads --flag value and --flag=value, dashed names included', () => {
    expect(
      parse(['--clients', '8', '--seconds=30', '--users', '100', '--database-url=postgresql://bench:secret@db.local:6543/app', '--close-every', '0', '--market', 'simulator', '--only=orders', '--fixed-rate', '0']),
    ).toMatchObject({
      clients: 8,
      seconds: 30,
      users: 100,
      databaseUrl: 'postgresql://bench:secret@db.local:6543/app',
      closeEvery: 0,
      market: 'simulator',
      only: 'orders',
      fixedRate: 0,
    });
  });

  it.each([
    [['--clients', 'many'], '--clients must be a whole number from 1 to 1000 (got "many")'],
    [['--clients', '0'], '--clients must be a whole number'],
    [['--seconds', '2.5'], '--seconds must be a whole number from 1 to 3600 (got "2.5")'],
    [['--users', '-1'], '--users must be a whole number from 1 to 10000 (got "-1")'],
    [['--market', 'finnhub'], '--market must be one of none, simulator (got "finnhub")'],
    [['--only', 'all'], '--only must be one of both, orders, pgbench'],
    [['--database-url', 'mysql://x/y'], '--database-url must start with postgres:// or postgresql://'],
    [['--database-url', 'not a url'], '--database-url must be a URL'],
    [['--database-url', 'postgres://127.0.0.1:5432'], '--database-url must name a database to connect to'],
    [['--clients'], '--clients needs a value'],
    [['--client', '5'], 'unknown option --client'],
    [['--clients', '5', '--clients=6'], '--clients is given twice'],
    [['16'], 'unexpected argument "16"'],
  ])('rejects %j', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('answers help', () => {
    expect(parse(['--clients', '5', '--help'])).toBe('help');
  });
});

describe('resolved', () => {
  const options = (argv: string[]) => {
    const parsed = parse(argv);
    if (parsed === 'help') throw new Error('help');
    return parsed;
  };

  it('sizes the pool and the pgbench scale to the clients, and pgbench threads to the cores', () => {
    expect(resolved(options(['--clients', '16']), 2)).toEqual({ pool: 16, scale: 16, threads: 2 });
    expect(resolved(options(['--clients', '1']), 8)).toEqual({ pool: 1, scale: 1, threads: 1 });
  });

  it('keeps what was given', () => {
    expect(resolved(options(['--clients', '16', '--pool', '20', '--scale', '1', '--threads', '4']), 2)).toEqual({ pool: 20, scale: 1, threads: 4 });
  });
});
