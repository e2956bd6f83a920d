import type { Singleton } from './leadership.js';

/**
 * A sweep run every `everyMs` on the leader (settling transfers, allotting IPOs, ending follows):
 * one run at a time, a first run as soon as it starts, and a stop that waits for the run in flight.
 * On the other processes it never runs.
 */
export interface PeriodicTask extends Singleton {
  /** Runs now instead of at the next period, if this process runs the task. */
  runNow(): void;
}

export function periodicTask(everyMs: number, run: () => Promise<unknown>, onError: (error: unknown) => void): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const tick = () => {
    current ??= run()
      .then(() => undefined, onError)
      .finally(() => (current = undefined));
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    runNow() {
      if (timer) tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
  };
}
