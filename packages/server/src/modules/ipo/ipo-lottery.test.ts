import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawAllotment, SeededIntegers } from './ipo-lottery.js';

const seed = fc.stringMatching(/^[0-9a-f]{64}$/);
const requests = fc
  .array(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 40 })
  .map((lots) => lots.map((n, index) => ({ subscriptionId: (index + 1) * 3, lots: n })));

describe('the IPO allotment lottery', () => {
  it('is reproducible from its seed, never allots more than offered or asked, and fills the supply when oversubscribed', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 400 }), requests, (s, supply, asked) => {
        const first = drawAllotment(s, supply, asked);
        expect(drawAllotment(s, supply, [...asked].reverse())).toEqual(first);
        const demand = asked.reduce((sum, r) => sum + r.lots, 0);
        const given = first.lines.reduce((sum, line) => sum + line.allottedLots, 0);
        expect(first.demandLots).toBe(demand);
        expect(given).toBe(first.allottedLots);
        expect(given).toBeLessThanOrEqual(supply);
        expect(given).toBe(Math.min(supply, demand));
        for (const line of first.lines) {
          expect(line.allottedLots).toBeGreaterThanOrEqual(0);
          expect(line.allottedLots).toBeLessThanOrEqual(line.requestedLots);
          expect(line.ticketTo - line.ticketFrom + 1).toBe(line.requestedLots);
          expect(line.firstDraw === null).toBe(!first.drawn || line.allottedLots === 0);
        }
        expect(first.drawn).toBe(demand > supply);
        expect(first.drawDigest === null).toBe(!first.drawn);
      }),
      { numRuns: 300 },
    );
  });

  it('another seed draws differently', () => {
    const asked = Array.from({ length: 50 }, (_, i) => ({ subscriptionId: i + 1, lots: 4 }));
    const a = drawAllotment('a'.repeat(64), 50, asked);
    const b = drawAllotment('b'.repeat(64), 50, asked);
    expect(a.drawDigest).not.toBe(b.drawDigest);
    expect(a.lines.map((l) => l.allottedLots)).not.toEqual(b.lines.map((l) => l.allottedLots));
  });

  it('gives every lot asked for the same chance (many seeded draws)', () => {
    // A whale asking 30 lots against 10 subscribers of 3 each, 20 lots offered: each lot wins 1/3 of the time.
    const asked = [{ subscriptionId: 1, lots: 30 }, ...Array.from({ length: 10 }, (_, i) => ({ subscriptionId: i + 2, lots: 3 }))];
    let whale = 0;
    const runs = 600;
    for (let run = 0; run < runs; run++) whale += drawAllotment(`seed-${run}`, 20, asked).lines[0]!.allottedLots;
    // Expected 10 of 20 lots per draw; the mean over 600 draws lands well within ±0.5.
    expect(whale / runs).toBeGreaterThan(9.5);
    expect(whale / runs).toBeLessThan(10.5);
  });

  it('draws uniform integers below any bound', () => {
    const random = new SeededIntegers('uniform');
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 7000; i++) counts[random.below(7)]!++;
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});
