import { describe, expect, it } from 'vitest';
import { keepTickObjectShape, keptTickObject } from './tick-object-shape.js';

describe('keepTickObjectShape', () => {
  it('holds one of Node’s tick objects, with the keys Node gives every tick', () => {
    keepTickObjectShape();
    const tick = keptTickObject();
    expect(tick).toBeDefined();
    expect(Object.keys(tick ?? {})).toEqual(['callback', 'args']);
    // Node 22 and later add a third symbol key (the async context frame); the two async ids are in every version.
    expect(Object.getOwnPropertySymbols(tick ?? {}).map(String)).toEqual(
      expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
    );
  });

  it('keeps the first object on a second call and leaves no hook enabled', async () => {
    keepTickObjectShape();
    const first = keptTickObject();
    keepTickObjectShape();
    expect(keptTickObject()).toBe(first);
    // A hook left enabled would catch this tick; the held object must stay the first one.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(keptTickObject()).toBe(first);
  });
});
