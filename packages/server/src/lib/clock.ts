/** The one source of "now", so rules with expiries can be tested with a fake clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FakeClock implements Clock {
  constructor(private current = new Date('2026-01-05T14:30:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock plus an offset that only grows (APP_CLOCK_CONTROL, tests only): a browser test
 * moves the server's "now" days ahead. Listeners hear each move (a move of 0 only runs them), and
 * the move resolves once they have finished, so a daily task has run for the new day.
 */
export class ShiftableClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => Promise<unknown>>();
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  async advance(ms: number): Promise<void> {
    this.offsetMs += Math.max(0, ms);
    await Promise.all([...this.listeners].map((listener) => listener()));
  }
  onAdvance(listener: () => Promise<unknown>): void {
    this.listeners.add(listener);
  }
}

export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
