import { readFileSync } from 'node:fs';

// The kernel's writeback policy, printed beside the fixed-rate p99: with Linux's defaults a data file's dirty
// pages go to disk in one burst 30 s after it was first dirtied, and PostgreSQL's WAL flushes wait behind that burst
// (docs/performance/order-throughput.md, 2026-12-07 05:20 UTC). The bench reads the settings; it never changes them.

export interface WritebackSettings {
  /** `vm.dirty_background_bytes`: 0 when the ratio applies. */
  backgroundBytes: number;
  /** `vm.dirty_background_ratio`, percent of reclaimable memory. */
  backgroundRatio: number;
  /** `vm.dirty_expire_centisecs`. */
  expireCentisecs: number;
}

/** The host's settings, or null where /proc/sys/vm cannot be read (not Linux, a sandbox). */
export function readWriteback(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): WritebackSettings | null {
  try {
    const value = (name: string) => {
      const n = Number(read(`/proc/sys/vm/${name}`).trim());
      if (!Number.isFinite(n)) throw new Error(`${name} is not a number`);
      return n;
    };
    return { backgroundBytes: value('dirty_background_bytes'), backgroundRatio: value('dirty_background_ratio'), expireCentisecs: value('dirty_expire_centisecs') };
  } catch {
    return null;
  }
}

/** One line for the report: when background writeback starts, and when a dirty page is written anyway. */
export function describeWriteback(settings: WritebackSettings | null): string {
  if (!settings) return 'kernel writeback: settings not readable';
  const start =
    settings.backgroundBytes > 0
      ? `background writeback from ${bytes(settings.backgroundBytes)} dirty (vm.dirty_background_bytes)`
      : `background writeback from ${settings.backgroundRatio} % of memory dirty (vm.dirty_background_ratio)`;
  return `kernel writeback: ${start}, dirty pages expire after ${settings.expireCentisecs / 100} s`;
}

const bytes = (n: number) => (n >= 2 ** 20 ? `${Number((n / 2 ** 20).toFixed(1))} MiB` : `${Math.round(n / 1024)} KiB`);
