import fc from 'fast-check';
import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.js';

const answer = fc.record({
  method: fc.constantFrom('GET', 'POST'),
  route: fc.constantFrom('/m_ft/stock_detail_ft', '/stock/create', 'unmatched', '/a "quoted"\\route'),
  statusCode: fc.constantFrom(200, 400, 404, 500),
  // Around and exactly on the bounds, and past the largest.
  seconds: fc.oneof(fc.double({ min: 0, max: 20, noNaN: true }), fc.constantFrom(0, 0.005, 0.01, 0.025, 1, 10, 10.000001)),
});

/** The page prom-client's own Histogram writes for the same answers: what scrapers read before this class. */
async function promClientPage(answers: readonly { method: string; route: string; statusCode: number; seconds: number }[]): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'tradewind_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern (unmatched for 404s), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  for (const { method, route, statusCode, seconds } of answers) histogram.labels({ method, route, status_code: String(statusCode) }).observe(seconds);
  return registry.metrics();
}

async function ownPage(durations: RequestDurations): Promise<string> {
  const registry = new Registry();
  registry.registerMetric(durations as unknown as Metric);
  return registry.metrics();
}

describe('RequestDurations', () => {
  it('writes the page prom-client’s Histogram writes for the same answers, line for line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { maxLength: 60 }), async (answers) => {
        const durations = new RequestDurations();
        for (const { method, route, statusCode, seconds } of answers) durations.observe(method, route, statusCode, seconds);
        const expected = (await promClientPage(answers)).split('\n');
        const own = (await ownPage(durations)).split('\n');
        // prom-client lists series by its label key, this class by first answer: the same lines, perhaps in another order.
        expect(own.length).toBe(expected.length);
        expect(new Set(own)).toEqual(new Set(expected));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a duration that is not a number, counting nothing', async () => {
    const durations = new RequestDurations();
    expect(() => durations.observe('GET', '/x', 200, Number.NaN)).toThrow(/not a number/);
    expect(await ownPage(durations)).toBe(await promClientPage([]));
  });
});
