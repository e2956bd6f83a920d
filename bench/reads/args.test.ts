import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';

describe('parseArgs', () => {
  it('has the documented defaults', () => {
    expect(parseArgs([])).toEqual({ connections: 32, duration: 10, warmup: 2, rounds: 2, settle: 5, logLevel: 'warn', port: 4200, sources: false, main: undefined });
  });

  it('reads --flag value, --flag=value and the --sources switch', () => {
    expect(parseArgs(['--connections', '8', '--duration=5', '--rounds', '3', '--warmup=0', '--settle', '0', '--log-level', 'info', '--port=4250', '--sources', '--main', '/tmp/before/dist/main.js'])).toEqual({
      connections: 8,
      duration: 5,
      warmup: 0,
      rounds: 3,
      settle: 0,
      logLevel: 'info',
      port: 4250,
      sources: true,
      main: '/tmp/before/dist/main.js',
    });
  });

  it('refuses unknown flags, missing values and values out of range, naming them', () => {
    expect(() => parseArgs(['--clients', '8'])).toThrow(new UsageError('unknown option --clients'));
    expect(() => parseArgs(['--duration'])).toThrow('--duration needs a value');
    expect(() => parseArgs(['--connections', '0'])).toThrow('--connections needs a whole number ≥ 1, not "0"');
    expect(() => parseArgs(['--rounds', '1.5'])).toThrow('--rounds needs a whole number ≥ 1');
    expect(() => parseArgs(['--log-level', 'loud'])).toThrow('--log-level is one of');
    expect(() => parseArgs(['--port', '65535'])).toThrow('no port for the bare server');
  });
});
