import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Holds one of Node's `process.nextTick` queue objects for the life of the process, so that the hidden class
 * (map) of the object literal Node builds for every tick never dies (issue 22).
 *
 * Node builds each tick as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }` (Node 22 adds
 * a `[kAsyncContextFrame]` key). V8 defines computed keys through a feedback slot that is either monomorphic on
 * one map or megamorphic for good. Tick objects live microseconds; when a full collection runs while none is
 * alive (the start-up collection of lib/start-up-garbage.ts, or any later one), their maps die, the next tick
 * builds new ones, the slots turn megamorphic, and every tick from then on (several per HTTP answer: end of the
 * request stream, write callbacks, destroy) defines its properties in the runtime. Counted with callgrind on the fast lane's quote answers:
 * ~30 such runtime calls, ~39,000 instructions per answer, none with one tick object kept alive. A loop of
 * `process.nextTick` in the server's process took 240–470 ns a tick after the start-up collection, and 43–99 ns
 * when that collection ran with a tick object alive (docs/performance/read-throughput.md, 2026-12-05).
 *
 * The async hook that catches the object is enabled only around one `process.nextTick` and disabled again.
 */
export function keepTickObjectShape(): void {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      // Enabled for one tick only: a hook left on would replace the object at every later tick (the test checks).
      if (type === 'TickObject') kept = resource;
    },
  });
  hook.enable();
  process.nextTick(() => undefined);
  hook.disable();
}

/** The tick object held, for tests. */
export function keptTickObject(): object | undefined {
  return kept;
}
