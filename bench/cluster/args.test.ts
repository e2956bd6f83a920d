import { describe, expect, it } from 'vitest';
import { parseClusterArgs } from './args.js';

describe('cluster bench options', () => {
  it('reads flags over the defaults', () => {
    expect(parseClusterArgs(['--clients', '8', '--tick-ms', '2'])).toMatchObject({ clients: 8, tickMs: 2, seconds: 15 });
  });
  it('names what is wrong', () => {
    expect(() => parseClusterArgs(['--clients', '0'])).toThrow('--clients must be a positive whole number, got 0');
    expect(() => parseClusterArgs(['--speed', '2'])).toThrow(/unknown option --speed/);
    expect(() => parseClusterArgs(['--redis-url', 'localhost'])).toThrow(/--redis-url must start with redis:\/\//);
    expect(() => parseClusterArgs(['--seconds'])).toThrow('--seconds needs a value');
  });
});
