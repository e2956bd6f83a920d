import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceil, ceilDiv, dec, floor, floorDiv } from './decimal.js';
import { liquidationPrice, MARGIN_RATIO_CAP, marginRatio } from './risk.js';

/** A decimal with up to 6 places, either sign, as text: what prices, ratios and quantities look like. */
const decimalText = fc.tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 })).map(([units, places]) => {
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return units < 0n ? `-${text}` : text;
});
const nonZero = decimalText.filter((text) => !dec(text).eq(0));

describe('floorDiv and ceilDiv', () => {
  it('give the whole number below and above the exact quotient, as integer arithmetic does', () => {
    fc.assert(
      fc.property(decimalText, nonZero, (a, b) => {
        // Scaled to integers (six places each), the quotient is the same; BigInt division truncates toward zero.
        const ai = BigInt(dec(a).times(1e6).toFixed(0));
        const bi = BigInt(dec(b).times(1e6).toFixed(0));
        const truncated = ai / bi;
        const whole = truncated * bi === ai;
        const negative = ai < 0n !== bi < 0n;
        const expectedFloor = whole || !negative ? truncated : truncated - 1n;
        const expectedCeil = whole || negative ? truncated : truncated + 1n;
        expect(floorDiv(dec(a), dec(b)).toFixed(0)).toBe(expectedFloor.toString());
        expect(ceilDiv(dec(a), dec(b)).toFixed(0)).toBe(expectedCeil.toString());
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with floor and ceil of the 40-decimal division they replace', () => {
    fc.assert(
      fc.property(decimalText, nonZero, (a, b) => {
        expect(floorDiv(dec(a), dec(b)).eq(floor(dec(a).div(dec(b))))).toBe(true);
        expect(ceilDiv(dec(a), dec(b)).eq(ceil(dec(a).div(dec(b))))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse a zero divisor', () => {
    expect(() => floorDiv(dec(1), dec(0))).toThrow(/Division by zero/);
  });
});

describe('the risk figures on whole-number division', () => {
  const positive = (max: number, places: number) => fc.integer({ min: 1, max }).map((units) => (units / 10 ** places).toFixed(places));

  it('give what the 40-decimal formulas gave', () => {
    fc.assert(
      fc.property(
        fc.record({
          direction: fc.constantFrom(0, 1),
          openPrice: positive(10_000_000, 4),
          quantity: positive(100_000, 2),
          multiplier: fc.constantFrom('1', '50', '0.1', '100000'),
          rate: fc.constantFrom('1', '0.0312', '7.2345', '1.0843'),
          marginMinor: fc.integer({ min: 1, max: 10 ** 12 }),
          maintenanceRatio: fc.constantFrom('0', '0.2', '0.3333', '0.5', '1'),
          tickSize: fc.constantFrom('0.01', '0.25', '0.0001', '1', '0.005'),
          floatingPnlMinor: fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        }),
        (input) => {
          const perPrice = dec(input.quantity).times(input.multiplier).times(input.rate).times(100);
          const room = dec(input.marginMinor).times(dec(1).minus(input.maintenanceRatio)).div(perPrice);
          const exact = input.direction === 0 ? dec(input.openPrice).minus(room) : dec(input.openPrice).plus(room);
          const ticks = exact.div(input.tickSize);
          const price = (input.direction === 0 ? ceil(ticks) : floor(ticks)).times(input.tickSize);
          const expectedPrice = exact.lte(0) || !price.gt(0) ? null : Number(price.toString());
          expect(liquidationPrice(input)).toBe(expectedPrice);

          const equity = input.marginMinor + input.floatingPnlMinor;
          const percent = dec(input.marginMinor).times(input.maintenanceRatio).times(100).div(equity <= 0 ? 1 : equity);
          const expectedRatio = equity <= 0 ? MARGIN_RATIO_CAP : Math.min(MARGIN_RATIO_CAP, Number(floor(percent.times(100)).toFixed(0)) / 100);
          expect(marginRatio(input)).toBe(expectedRatio);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
