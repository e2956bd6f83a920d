import { klineSchema } from '@tradewind/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { klineCheck } from './quote-schemas';

// Numbers zod's number() and int() tell apart: fractions, unsafe integers, -0, and what JSON.parse makes of 1e400.
const edgeNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 1.5, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, Number.POSITIVE_INFINITY, Number.NaN),
);
const field = fc.oneof({ weight: 8, arbitrary: edgeNumber }, { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.boolean()) });
const point = fc.oneof(
  { weight: 10, arbitrary: fc.record({ k: fc.integer(), o: fc.double({ noNaN: true, noDefaultInfinity: true }), open: fc.double({ noNaN: true, noDefaultInfinity: true }), high: fc.integer(), low: fc.integer(), close: fc.integer(), volume: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ k: field, o: field, open: field, high: field, low: field, close: field, volume: field, extra: fc.string() }, { requiredKeys: ['k', 'o'] }) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.array(fc.integer(), { maxLength: 2 })) },
);
const kline = fc.record(
  {
    stockCode: fc.oneof(fc.constant('AAPL'), fc.integer()),
    type: fc.constantFrom('intraday', '1D', 'week', 'nonsense'),
    interval: fc.oneof(fc.constant(60), edgeNumber),
    previousClose: edgeNumber,
    points: fc.oneof({ weight: 10, arbitrary: fc.array(point, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.constant('none') }),
    extra: fc.string(),
  },
  { requiredKeys: ['stockCode', 'type', 'interval', 'previousClose'] },
);

describe('klineCheck', () => {
  it('accepts and gives exactly what klineSchema does', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 20, arbitrary: kline }, { weight: 1, arbitrary: fc.anything() }), (value) => {
        const fast = klineCheck.safeParse(value);
        const zod = klineSchema.safeParse(value);
        expect(fast.success).toBe(zod.success);
        if (fast.success && zod.success) expect(fast.data).toStrictEqual(zod.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts a day of bars and drops keys the schema does not name', () => {
    const points = Array.from({ length: 390 }, (_, i) => ({ k: 1_764_000_000 + i * 60, o: 200.5, open: 200, high: 201, low: 199, close: 200.5, volume: 1000 + i, extra: 1 }));
    const result = klineCheck.safeParse({ stockCode: 'AAPL', type: 'intraday', interval: 60, previousClose: 199, points });
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.points).toHaveLength(390);
      expect(Object.keys(result.data.points[0]!)).toEqual(['k', 'o', 'open', 'high', 'low', 'close', 'volume']);
    }
  });

  it('refuses a bar with a fractional volume, as the schema does', () => {
    const points = [{ k: 1, o: 1, open: 1, high: 1, low: 1, close: 1, volume: 1.5 }];
    expect(klineCheck.safeParse({ stockCode: 'AAPL', type: 'intraday', interval: 60, previousClose: 1, points }).success).toBe(false);
  });
});
