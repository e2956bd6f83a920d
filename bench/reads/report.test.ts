import { describe, expect, it } from 'vitest';
import { formatTable, refusal, summarise, type Run } from './report.js';

const run = (route: string, target: 'server' | 'bare', requestsPerSecond: number): Run => ({ route, target, requestsPerSecond, load1: 1 });

describe('summarise', () => {
  it('keeps every run per route, in first-run order, and divides the means', () => {
    const summaries = summarise([run('detail', 'server', 8000), run('detail', 'bare', 10_000), run('list', 'server', 3000), run('detail', 'server', 10_000), run('detail', 'bare', 10_000), run('list', 'bare', 12_000)]);
    expect(summaries).toEqual([
      { route: 'detail', server: [8000, 10_000], bare: [10_000, 10_000], ratio: 0.9 },
      { route: 'list', server: [3000], bare: [12_000], ratio: 0.25 },
    ]);
  });

  it('refuses a route measured on one side only', () => {
    expect(() => summarise([run('detail', 'server', 1)])).toThrow('route detail lacks a bare run');
  });
});

describe('formatTable', () => {
  it('prints each run rounded with thousands separators and the ratio to two places', () => {
    expect(formatTable([{ route: 'detail', server: [8123.4, 9000], bare: [10_000.6], ratio: 0.8561 }])).toBe(
      ['| route | server req/s | bare node:http req/s | ratio |', '|---|--:|--:|--:|', '| detail | 8,123, 9,000 | 10,001 | 0.86 |'].join('\n'),
    );
  });
});

describe('refusal', () => {
  it('names what makes a run not count, and nothing for a clean run', () => {
    expect(refusal({ errors: 0, timeouts: 0, non2xx: 0 }, 'detail')).toBeUndefined();
    expect(refusal({ errors: 2, timeouts: 0, non2xx: 5 }, 'detail on server')).toBe('detail on server: 2 errors, 5 non-2xx answers');
  });
});
