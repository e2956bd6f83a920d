import type { ReactNode } from 'react';

export interface IpoFigure {
  key: string;
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** Label and value rows of an offering or a subscription (the shared figure-list look). */
export function IpoFigures({ figures, label }: { figures: readonly IpoFigure[]; label?: string }) {
  return (
    <dl className="figure-list" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.key} className="figure-row">
          <dt>{figure.label}</dt>
          <dd className={figure.strong ? 'tabular figure-strong' : 'tabular'}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
