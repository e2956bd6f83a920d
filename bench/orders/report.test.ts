import { describe, expect, it } from 'vitest';
import { failureOf } from './load.js';
import { errorSummary, fixed, markdownTable, ratio, whole } from './report.js';

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
