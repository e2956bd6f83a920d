import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusHandler, BusTopic, BusTopics } from '../../bus/bus.js';
import { InProcessBus } from '../../bus/in-process-bus.js';
import { LISTENERS_EVERY_MS, OtherProcessListeners, SETTLE_MS } from './other-process-listeners.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Two "processes" share one in-process bus: each instance has its own process id, as each server has on Redis. */
describe('OtherProcessListeners', () => {
  let bus: InProcessBus;
  const started: OtherProcessListeners[] = [];
  const start = (users: Set<number>, on: Bus = bus) => {
    const listeners = new OtherProcessListeners(on, () => users);
    started.push(listeners);
    return listeners;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    bus = new InProcessBus(quiet);
  });
  afterEach(() => {
    for (const listeners of started.splice(0)) listeners.close();
    vi.useRealTimers();
  });

  it('counts every user as listening while the others answer its start, then only the users they hold', () => {
    const here = start(new Set());
    start(new Set([7]));
    expect(here.has(8)).toBe(true);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(here.has(7)).toBe(true);
    expect(here.has(8)).toBe(false);
  });

  it('learns the users of a process that was there before it from the answers to its ask', () => {
    start(new Set([3, 4]));
    vi.advanceTimersByTime(SETTLE_MS);
    const later = start(new Set());
    vi.advanceTimersByTime(SETTLE_MS);
    expect([3, 4, 5].map((user) => later.has(user))).toEqual([true, true, false]);
  });

  it("hears a user's first socket joining another process and their last one leaving it", () => {
    const here = start(new Set());
    const users = new Set<number>();
    const there = start(users);
    vi.advanceTimersByTime(SETTLE_MS);
    users.add(9);
    there.changed(9, true);
    expect(here.has(9)).toBe(true);
    users.delete(9);
    there.changed(9, false);
    expect(here.has(9)).toBe(false);
  });

  it("does not count its own users: they are the channels' own sockets", () => {
    const here = start(new Set([5]));
    here.changed(5, true);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(here.has(5)).toBe(false);
  });

  it('keeps a process that tells its users every period and forgets one not heard from for three', () => {
    const here = start(new Set());
    const there = start(new Set([11]));
    vi.advanceTimersByTime(10 * LISTENERS_EVERY_MS);
    expect(here.has(11)).toBe(true);
    there.close();
    vi.advanceTimersByTime(3 * LISTENERS_EVERY_MS - 1);
    expect(here.has(11)).toBe(true);
    vi.advanceTimersByTime(LISTENERS_EVERY_MS + 1);
    expect(here.has(11)).toBe(false);
  });

  it('a missed change is healed by the next period: the whole list replaces what was heard', () => {
    const here = start(new Set());
    const users = new Set([12]);
    start(users);
    vi.advanceTimersByTime(SETTLE_MS);
    users.delete(12);
    users.add(13); // the changes' messages were lost
    expect([here.has(12), here.has(13)]).toEqual([true, false]);
    vi.advanceTimersByTime(LISTENERS_EVERY_MS);
    expect([here.has(12), here.has(13)]).toEqual([false, true]);
  });

  it('counts every user as listening while its subscription is down, and again until the others answer once it is back', () => {
    const gappy = new GappyBus(bus);
    const here = start(new Set(), gappy);
    start(new Set([21]));
    vi.advanceTimersByTime(SETTLE_MS);
    expect(here.has(22)).toBe(false);
    gappy.drop();
    expect(here.has(22)).toBe(true);
    gappy.back();
    expect(here.has(22)).toBe(true);
    vi.advanceTimersByTime(SETTLE_MS);
    expect([here.has(21), here.has(22)]).toEqual([true, false]);
  });
});

/** The in-process bus with a subscription that can drop and come back, as the Redis bus's does. */
class GappyBus implements Bus {
  readonly crossProcess = true;
  hearing = true;
  private readonly gapHandlers: (() => void)[] = [];
  constructor(private readonly inner: InProcessBus) {}
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    this.inner.publish(topic, payload);
  }
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    return this.inner.subscribe(topic, (payload) => {
      if (this.hearing) handler(payload);
    });
  }
  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }
  drop(): void {
    this.hearing = false;
    for (const handler of this.gapHandlers) handler();
  }
  back(): void {
    this.hearing = true;
    for (const handler of this.gapHandlers) handler();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
