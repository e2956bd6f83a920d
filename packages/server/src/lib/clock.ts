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
 * moves the server's "now" days ahead. Listeners hear each move, so a daily task can run at once.
 */
export class ShiftableClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
    for (const listener of this.listeners) listener();
  }
  onAdvance(listener: () => void): void {
    this.listeners.add(listener);
  }
}

export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
