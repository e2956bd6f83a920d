import { describe, expect, it } from 'vitest';
import { ANY_TICK, AnswerCache } from './answer-cache.js';

const text = (bytes: Buffer) => bytes.toString();

function counting() {
  let builds = 0;
  return { build: (text: string) => () => `${text}#${++builds}`, count: () => builds };
}

describe('AnswerCache', () => {
  it('answers the kept bytes until a tick of the instrument, then builds again', () => {
    let now = 1_000;
    const cache = new AnswerCache({ now: () => now });
    const { build, count } = counting();
    expect(text(cache.answer('detail:0:AAPL', '0:AAPL', build('aapl')))).toBe('aapl#1');
    now += 10;
    expect(text(cache.answer('detail:0:AAPL', '0:AAPL', build('aapl')))).toBe('aapl#1');
    cache.ticked('0:MSFT');
    expect(text(cache.answer('detail:0:AAPL', '0:AAPL', build('aapl')))).toBe('aapl#1');
    cache.ticked('0:AAPL');
    expect(text(cache.answer('detail:0:AAPL', '0:AAPL', build('aapl')))).toBe('aapl#2');
    expect(count()).toBe(2);
  });

  it('makes any-tick answers (lists) stale on every tick', () => {
    const cache = new AnswerCache({ now: () => 0 });
    const { build } = counting();
    expect(text(cache.answer('hot', ANY_TICK, build('hot')))).toBe('hot#1');
    expect(text(cache.answer('hot', ANY_TICK, build('hot')))).toBe('hot#1');
    cache.ticked('3:GC');
    expect(text(cache.answer('hot', ANY_TICK, build('hot')))).toBe('hot#2');
  });

  it('builds again after maxAgeMs without ticks, and when the clock went back', () => {
    let now = 10_000;
    const cache = new AnswerCache({ now: () => now, maxAgeMs: 1000 });
    const { build } = counting();
    cache.answer('k', '0:AAPL', build('k'));
    now += 999;
    expect(text(cache.answer('k', '0:AAPL', build('k')))).toBe('k#1');
    now += 1;
    expect(text(cache.answer('k', '0:AAPL', build('k')))).toBe('k#2');
    now -= 5_000;
    expect(text(cache.answer('k', '0:AAPL', build('k')))).toBe('k#3');
  });

  it('says which bytes are current without building, as answer would', () => {
    let now = 0;
    const cache = new AnswerCache({ now: () => now, maxAgeMs: 1000 });
    const { build, count } = counting();
    expect(cache.current('k', '0:AAPL')).toBeUndefined();
    cache.answer('k', '0:AAPL', build('k'));
    expect(cache.current('k', '0:AAPL')?.toString()).toBe('k#1');
    cache.ticked('0:AAPL');
    expect(cache.current('k', '0:AAPL')).toBeUndefined();
    cache.answer('k', '0:AAPL', build('k'));
    now = 1_000;
    expect(cache.current('k', '0:AAPL')).toBeUndefined();
    expect(count()).toBe(2);
  });

  it('keeps nothing when the build throws', () => {
    const cache = new AnswerCache({ now: () => 0 });
    expect(() => cache.answer('bad', ANY_TICK, () => { throw new Error('unknown instrument'); })).toThrow('unknown instrument');
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries: expired answers go first, then the oldest built', () => {
    let now = 0;
    const cache = new AnswerCache({ now: () => now, maxEntries: 3, maxAgeMs: 1000 });
    const { build } = counting();
    cache.answer('a', ANY_TICK, build('a'));
    now = 600;
    cache.answer('b', ANY_TICK, build('b'));
    cache.answer('c', ANY_TICK, build('c'));
    now = 1_200; // a has expired, b and c have not
    cache.answer('d', ANY_TICK, build('d'));
    expect(cache.size).toBe(3);
    cache.answer('e', ANY_TICK, build('e'));
    expect(cache.size).toBe(3);
    // b was the oldest still fresh: it is built again, c, d and e are answered as kept.
    expect(text(cache.answer('c', ANY_TICK, build('c')))).toBe('c#3');
    expect(text(cache.answer('b', ANY_TICK, build('b')))).toBe('b#6');
  });
});
