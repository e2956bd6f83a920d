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
