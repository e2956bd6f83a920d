import { describe, expect, it } from 'vitest';
import { UsageError } from '../orders/args.js';
import { parseArgs } from './args.js';

describe('engine-closes arguments', () => {
  it('has defaults and reads both flag forms', () => {
    expect(parseArgs([])).toMatchObject({ kind: 'stop-loss', positions: 2000, rounds: 3, clients: 16, users: 64, database: 'postgres' });
    expect(parseArgs(['--positions', '500', '--rounds=2', '--database', 'pglite'])).toMatchObject({ positions: 500, rounds: 2, database: 'pglite' });
    expect(parseArgs(['--kind', 'limit'])).toMatchObject({ kind: 'limit' });
    expect(parseArgs(['--help'])).toBe('help');
  });

  it('refuses bad values and unknown or repeated flags, naming them', () => {
    expect(() => parseArgs(['--positions', '0'])).toThrow(new UsageError('--positions must be a whole number from 1 to 100000 (got "0")'));
    expect(() => parseArgs(['--kind', 'stop'])).toThrow('--kind must be one of stop-loss, limit (got "stop")');
    expect(() => parseArgs(['--database', 'mysql'])).toThrow('--database must be one of postgres, pglite (got "mysql")');
    expect(() => parseArgs(['--database-url', 'http://x/y'])).toThrow('--database-url must start with postgres://');
    expect(() => parseArgs(['--speed', '1'])).toThrow('unknown option --speed');
    expect(() => parseArgs(['--rounds', '1', '--rounds', '2'])).toThrow('--rounds is given twice');
    expect(() => parseArgs(['--rounds'])).toThrow('--rounds needs a value');
  });
});
