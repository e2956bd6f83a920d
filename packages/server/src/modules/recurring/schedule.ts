import { formatMinuteOfDay } from '../../lib/format-time.js';
/** When a recurring plan runs (UTC): every day, every week on a weekday, or every month on a day (its last day when shorter). */
export interface Schedule {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** Minutes after midnight UTC. */
  minuteOfDay: number;
  /** Weekly: 0 Sunday … 6 Saturday. */
  weekday: number | null;
  /** Monthly: 1–31. */
  dayOfMonth: number | null;
}

const DAY_MS = 86_400_000;

/** The first run strictly after `after`. */
export function nextRunAfter(schedule: Schedule, after: Date): Date {
  const hours = Math.floor(schedule.minuteOfDay / 60);
  const minutes = schedule.minuteOfDay % 60;
  const year = after.getUTCFullYear();
  const month = after.getUTCMonth();
  const day = after.getUTCDate();
  const at = (y: number, m: number, d: number) => Date.UTC(y, m, d, hours, minutes);
  if (schedule.frequency === 'daily') {
    const today = at(year, month, day);
    return new Date(today > after.getTime() ? today : today + DAY_MS);
  }
  if (schedule.frequency === 'weekly') {
    const ahead = ((schedule.weekday ?? 0) - after.getUTCDay() + 7) % 7;
    const candidate = at(year, month, day + ahead);
    return new Date(candidate > after.getTime() ? candidate : candidate + 7 * DAY_MS);
  }
  for (let k = 0; ; k++) {
    // Day 0 of the next month is the last day of this one.
    const lastDay = new Date(Date.UTC(year, month + k + 1, 0)).getUTCDate();
    const candidate = at(year, month + k, Math.min(schedule.dayOfMonth ?? 1, lastDay));
    if (candidate > after.getTime()) return new Date(candidate);
  }
}

/** The run's key part: its scheduled minute in UTC, e.g. `2026-02-28T14:30Z`. */
export function runDateOf(scheduledAt: Date): string {
  return `${scheduledAt.toISOString().slice(0, 16)}Z`;
}

/** A plan's time, `HH:mm` (24-hour, UTC), through the server's one time formatter. */
export const timeText = formatMinuteOfDay;
export const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
