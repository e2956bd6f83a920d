import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';

describe('parseArgs', () => {
  it('has the documented defaults', () => {
    expect(parseArgs([])).toMatchObject({ clients: 2000, symbols: 20, seconds: 20, warmup: 3, rate: undefined, flush: 15, batch: 200 });
  });

  it('reads --flag value and --flag=value', () => {
    expect(parseArgs(['--clients', '500', '--symbols=5', '--seconds', '2.5', '--rate=1000'])).toMatchObject({
      clients: 500,
      symbols: 5,
      seconds: 2.5,
      rate: 1000,
    });
  });

  it.each([
    [['--clients', 'many'], '--clients must be a whole number from 1 to 100000 (got "many")'],
    [['--clients', '0'], '--clients must be a whole number'],
    [['--clients', '1.5'], '--clients must be a whole number'],
    [['--symbols', '201'], '--symbols must be a whole number from 1 to 200'],
    [['--seconds', '-1'], '--seconds must be a number'],
    [['--rate', ''], '--rate must be a number'],
    [['--clients'], '--clients needs a value'],
    [['--clients', '--symbols', '3'], '--clients needs a value'],
    [['--client', '5'], 'unknown option --client'],
    [['--clients', '5', '--clients', '6'], '--clients is given twice'],
    [['500'], 'unexpected argument "500"'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it('answers help', () => {
    expect(parseArgs(['--clients', '5', '--help'])).toBe('help');
  });
});
