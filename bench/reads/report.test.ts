import { describe, expect, it } from 'vitest';
import { formatTable, refusal, summarise, type Run } from './report.js';

const run = (route: string, target: 'server' | 'bare', requestsPerSecond: number, cpuMicrosPerRequest = 20): Run => ({ route, target, requestsPerSecond, cpuMicrosPerRequest, load1: 1 });

describe('summarise', () => {
  it('keeps every run per route, in first-run order, and divides the means', () => {
    const summaries = summarise([
      run('detail', 'server', 8000, 30),
      run('detail', 'bare', 10_000, 16),
      run('list', 'server', 3000),
      run('detail', 'server', 10_000, 50),
      run('detail', 'bare', 10_000, 24),
      run('list', 'bare', 12_000),
    ]);
    expect(summaries).toEqual([
      { route: 'detail', server: [8000, 10_000], bare: [10_000, 10_000], ratio: 0.9, serverCpu: 40, bareCpu: 20, cpuRatio: 0.5 },
      { route: 'list', server: [3000], bare: [12_000], ratio: 0.25, serverCpu: 20, bareCpu: 20, cpuRatio: 1 },
    ]);
  });

  it('refuses a route measured on one side only', () => {
    expect(() => summarise([run('detail', 'server', 1)])).toThrow('route detail lacks a bare run');
  });
});

describe('formatTable', () => {
  it('prints each run rounded with thousands separators, the ratios to two places and CPU per request to one', () => {
    expect(formatTable([{ route: 'detail', server: [8123.4, 9000], bare: [10_000.6], ratio: 0.8561, serverCpu: 37.44, bareCpu: 22.06, cpuRatio: 0.5892 }])).toBe(
      [
        '| route | server req/s | bare node:http req/s | ratio | CPU µs/request server, bare | CPU ratio |',
        '|---|--:|--:|--:|--:|--:|',
        '| detail | 8,123, 9,000 | 10,001 | 0.86 | 37.4, 22.1 | 0.59 |',
      ].join('\n'),
    );
  });
});

describe('refusal', () => {
  it('names what makes a run not count, and nothing for a clean run', () => {
    expect(refusal({ errors: 0, timeouts: 0, non2xx: 0 }, 'detail')).toBeUndefined();
    expect(refusal({ errors: 2, timeouts: 0, non2xx: 5 }, 'detail on server')).toBe('detail on server: 2 errors, 5 non-2xx answers');
  });
});
