import type { ReactNode } from 'react';

export interface Figure {
  key: string;
  label: string;
  value: ReactNode;
  /** Rise or fall colour for a profit, or emphasis for a total. */
  tone?: 'rise' | 'fall' | 'flat' | 'strong' | 'warning';
  testId?: string;
}

function toneClass(tone: Figure['tone']): string {
  if (!tone) return '';
  return tone === 'rise' || tone === 'fall' || tone === 'flat' ? `trend-${tone}` : `figure-${tone}`;
}

/** Label and value rows, such as an order's costs or a position's facts. */
export function FigureList({ figures, label }: { figures: readonly Figure[]; label?: string }) {
  return (
    <dl className="figure-list" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.key} className="figure-row">
          <dt>{figure.label}</dt>
          <dd className={`tabular ${toneClass(figure.tone)}`.trim()} data-testid={figure.testId}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
