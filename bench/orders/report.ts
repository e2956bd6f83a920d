export const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const whole = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
export const percent = (n: number) => (Number.isFinite(n) ? `${Math.round(n * 100)} %` : '-');

/** A Markdown table: the first column left-aligned, the others right-aligned, padded to line up. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, i) => (i === 0 ? (cells[i] ?? '').padEnd(w) : (cells[i] ?? '').padStart(w))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** a ÷ b, NaN when b is not a positive number. */
export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : NaN);

/** "3 × 409 order.insufficient…, 1 × network: ECONNRESET", most frequent first. */
export function errorSummary(errors: ReadonlyMap<string, number>, limit = 5): string {
  if (errors.size === 0) return 'none';
  const sorted = [...errors].sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, limit).map(([message, count]) => `${count.toLocaleString('en-US')} × ${message}`);
  if (sorted.length > limit) shown.push(`and ${sorted.length - limit} other message(s)`);
  return shown.join('; ');
}

/** One order run and the pgbench run after it, as `--pairs` lists them. */
export interface BenchPair {
  /** Load average (1 min) when the pair began. */
  load: number;
  ordersPerSecond: number;
  tps: number;
  /** The fixed-rate run's p99 in ms, when there was one. */
  fixedP99: number | undefined;
  /** The server's CPU per order in ms. */
  serverMsPerOrder: number;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every pair's figures, then the ratio's median and range over the pairs. */
export function pairsSummary(pairs: readonly BenchPair[]): string[] {
  const ratios = pairs.map((p) => ratio(p.ordersPerSecond, p.tps));
  const finite = ratios.filter(Number.isFinite);
  const table = markdownTable(
    ['pair', 'load', 'orders/s', 'pgbench TPS', 'ratio', 'fixed-rate p99 ms', 'server ms/order'],
    pairs.map((p, i) => [
      String(i + 1),
      fixed(p.load, 2),
      whole(p.ordersPerSecond),
      whole(p.tps),
      fixed(ratios[i]!, 2),
      p.fixedP99 === undefined ? '-' : fixed(p.fixedP99, 1),
      fixed(p.serverMsPerOrder, 2),
    ]),
  );
  const range = finite.length > 0 ? `${fixed(Math.min(...finite), 2)}–${fixed(Math.max(...finite), 2)}` : '-';
  return [table, '', `ratio orders/s ÷ pgbench TPS over ${pairs.length} pairs: median ${fixed(median(ratios), 2)}, range ${range}`];
}
