import type { Tone } from '../lib/review-status';

export function StatusBadge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`bo-badge bo-badge-${tone}`}>{children}</span>;
}
