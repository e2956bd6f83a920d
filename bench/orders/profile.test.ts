import { describe, expect, it } from 'vitest';
import { analyseProfile, categoryOf, summariseProfile, type CpuProfile } from './profile.js';

describe('categoryOf', () => {
  it.each([
    ['(idle)', '', '(idle)'],
    ['(garbage collector)', '', '(garbage collector)'],
    ['writev', '', '(native)'],
    ['emit', 'node:events', 'node:events'],
    ['doWrite', 'node:internal/streams/writable', 'node:streams'],
    ['is', 'file:///work/main/node_modules/drizzle-orm/entity.js', 'drizzle-orm'],
    ['parse', 'file:///work/main/node_modules/@fastify/ajv-compiler/index.js', '@fastify/ajv-compiler'],
    ['placeOrder', 'file:///work/main/packages/server/src/modules/trading/trading.service.ts', 'server modules/trading'],
    ['buildApp', 'file:///work/main/packages/server/src/app.ts', 'server app.ts'],
    ['x', 'file:///work/main/packages/contract/src/codes.ts', '@tradewind/contract'],
    ['y', 'file:///elsewhere/thing.js', 'other'],
  ])('%s in %s is %s', (name, url, category) => {
    expect(categoryOf(name, url)).toBe(category);
  });
});

describe('analyseProfile', () => {
  const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
  // root → a (server) → b (drizzle) → w (native) ; root → idle ; root → gc ; a recursive: a → a
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
      { id: 2, callFrame: frame('a', 'file:///w/packages/server/src/modules/trading/t.ts', 9), children: [3, 6] },
      { id: 3, callFrame: frame('b', 'file:///w/node_modules/drizzle-orm/sql.js', 0), children: [7] },
      { id: 4, callFrame: frame('(idle)') },
      { id: 5, callFrame: frame('(garbage collector)') },
      { id: 6, callFrame: frame('a', 'file:///w/packages/server/src/modules/trading/t.ts', 9) },
      { id: 7, callFrame: frame('writev'), children: [8] },
      { id: 8, callFrame: frame('emit', 'node:events') },
    ],
    samples: [3, 8, 4, 4, 4, 4, 2, 5, 6, 6],
    startTime: 0,
    endTime: 5_000_000,
  };

  it('shares self time by category and function, and inclusive time once per sample', () => {
    const summary = analyseProfile(profile);
    expect(summary.samples).toBe(10);
    expect(summary.durationMs).toBe(5000);
    expect(summary.selfByCategory).toEqual([
      { name: '(idle)', share: 0.4 },
      { name: 'server modules/trading', share: 0.3 },
      { name: 'drizzle-orm', share: 0.1 },
      { name: 'node:events', share: 0.1 },
      { name: '(garbage collector)', share: 0.1 },
    ]);
    // the node:events frame under drizzle is billed to drizzle
    expect(summary.byOwner).toContainEqual({ name: 'drizzle-orm', share: 0.2 });
    expect(summary.byOwner.map((o) => o.name)).not.toContain('node:events');
    const inclusive = Object.fromEntries(summary.inclusiveByFunction.map((f) => [f.name, f.share]));
    // a is on the stack of samples 3, 3, 2, 6, 6: recursion counts once.
    expect(inclusive['a packages/server/src/modules/trading/t.ts:10']).toBeCloseTo(0.5);
    expect(inclusive['b drizzle-orm/sql.js:1']).toBeCloseTo(0.2);
    expect(inclusive['(root)']).toBeUndefined();
  });

  it('prints tables', () => {
    const text = summariseProfile(profile);
    expect(text).toContain('10 samples over 5.0 s');
    expect(text).toContain('| drizzle-orm ');
    expect(text).toContain('20.0 %');
  });
});
