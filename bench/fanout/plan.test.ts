import { symbolKey, type WsSymbol } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { planSubscriptions } from './plan.js';

const ranked: WsSymbol[] = Array.from({ length: 300 }, (_, i) => ({ source: 0, code: `S${i}` }));

describe('planSubscriptions', () => {
  it('gives each client the asked number of distinct symbols', () => {
    const plan = planSubscriptions(ranked, 50, 20, 'seed');
    expect(plan.clients).toHaveLength(50);
    for (const list of plan.clients) {
      expect(list).toHaveLength(20);
      expect(new Set(list.map(symbolKey)).size).toBe(20);
    }
    expect([...plan.watchers.values()].reduce((a, b) => a + b, 0)).toBe(50 * 20);
  });

  it('draws the same plan from the same seed and another from another seed', () => {
    expect(planSubscriptions(ranked, 10, 5, 'a').clients).toEqual(planSubscriptions(ranked, 10, 5, 'a').clients);
    expect(planSubscriptions(ranked, 10, 5, 'a').clients).not.toEqual(planSubscriptions(ranked, 10, 5, 'b').clients);
  });

  it('shares the popular symbols: the first is watched by most clients, the tail by few', () => {
    const plan = planSubscriptions(ranked, 1000, 20, 'skew');
    expect(plan.watchers.get('0:S0')).toBeGreaterThan(800);
    expect(plan.watchers.get('0:S299') ?? 0).toBeLessThan(100);
  });

  it('refuses more symbols than there are', () => {
    expect(() => planSubscriptions(ranked.slice(0, 3), 1, 4, 'x')).toThrow('cannot pick 4 distinct symbols from 3');
  });
});
