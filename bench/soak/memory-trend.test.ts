import { describe, expect, it } from 'vitest';
import { slope } from './memory-trend.js';

describe('slope', () => {
  it('is the least-squares growth per unit of x', () => {
    expect(slope([{ x: 0, y: 100 }, { x: 1, y: 102 }, { x: 2, y: 104 }])).toBeCloseTo(2);
    expect(slope([{ x: 0, y: 5 }, { x: 1, y: 7 }, { x: 2, y: 5 }, { x: 3, y: 7 }])).toBeCloseTo(0.4);
  });

  it('cannot be told from one point or one x', () => {
    expect(slope([{ x: 1, y: 1 }])).toBeNaN();
    expect(slope([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeNaN();
  });
});
