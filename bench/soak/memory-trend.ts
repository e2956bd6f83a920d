import { readFile } from 'node:fs/promises';

/** A process's resident set from /proc/<pid>/status (VmRSS), bytes; undefined where /proc is missing. */
export async function residentBytes(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kib = status === undefined ? undefined : /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

/** Least-squares slope of y over x (y per unit of x); NaN with fewer than two distinct x. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) ** 2;
  }
  return variance > 0 ? covariance / variance : NaN;
}
