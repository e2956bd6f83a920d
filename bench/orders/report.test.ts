import { describe, expect, it } from 'vitest';
import { failureOf } from './load.js';
import { errorSummary, fixed, markdownTable, median, pairsSummary, ratio, whole } from './report.js';

describe('markdownTable', () => {
  it('pads the columns and aligns the first left, the rest right', () => {
    expect(markdownTable(['run', 'ops/s'], [['orders', '1,234'], ['pgbench tpcb-like', '9']])).toBe(
      ['| run               | ops/s |', '|:------------------|------:|', '| orders            | 1,234 |', '| pgbench tpcb-like |     9 |'].join('\n'),
    );
  });
});

describe('numbers', () => {
  it('formats and divides, with a dash for what cannot be known', () => {
    expect(whole(1234.6)).toBe('1,235');
    expect(fixed(NaN, 2)).toBe('-');
    expect(ratio(300, 600)).toBe(0.5);
    expect(ratio(300, 0)).toBeNaN();
  });
});

describe('errorSummary', () => {
  it('lists the most frequent messages first, up to a limit', () => {
    const errors = new Map([
      ['409 a', 1],
      ['400 b', 5],
      ['network: ECONNRESET', 2],
    ]);
    expect(errorSummary(errors, 2)).toBe('5 × 400 b; 2 × network: ECONNRESET; and 1 other message(s)');
    expect(errorSummary(new Map())).toBe('none');
  });
});

describe('failureOf', () => {
  it('takes only HTTP 200 with envelope code 200 as success', () => {
    expect(failureOf({ status: 200, body: { code: 200, msg: 'success', data: null } })).toBeUndefined();
    expect(failureOf({ status: 400, body: { code: 400, msg: 'Insufficient funds', data: null } })).toBe('400 Insufficient funds');
    expect(failureOf({ status: 502, body: undefined })).toBe('502 (no message)');
  });
});

describe('pairs', () => {
  it('takes the median of an odd and an even count, leaving out what cannot be known', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('lists every pair and gives the ratio\'s median and range', () => {
    const lines = pairsSummary([
      { load: 1.5, ordersPerSecond: 1800, tps: 2000, fixedP99: 30.25, serverMsPerOrder: 0.312 },
      { load: 2.25, ordersPerSecond: 1500, tps: 2500, fixedP99: undefined, serverMsPerOrder: 0.4 },
      { load: 3, ordersPerSecond: 2100, tps: 2100, fixedP99: 41, serverMsPerOrder: 0.29 },
    ]);
    expect(lines[0]!.split('\n')).toEqual([
      '| pair | load | orders/s | pgbench TPS | ratio | fixed-rate p99 ms | server ms/order |',
      '|:-----|-----:|---------:|------------:|------:|------------------:|----------------:|',
      '| 1    | 1.50 |    1,800 |       2,000 |  0.90 |              30.3 |            0.31 |',
      '| 2    | 2.25 |    1,500 |       2,500 |  0.60 |                 - |            0.40 |',
      '| 3    | 3.00 |    2,100 |       2,100 |  1.00 |              41.0 |            0.29 |',
    ]);
    expect(lines[2]).toBe('ratio orders/s ÷ pgbench TPS over 3 pairs: median 0.90, range 0.60–1.00');
  });
});
