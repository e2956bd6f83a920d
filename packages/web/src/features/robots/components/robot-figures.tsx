import type { ReactNode } from 'react';

export interface RobotFigure {
  key: string;
  label: string;
  value: ReactNode;
  tone?: 'rise' | 'fall' | 'flat' | 'strong';
  testId?: string;
}

const toneClass = (tone: RobotFigure['tone']) => (!tone ? '' : tone === 'strong' ? 'figure-strong' : `trend-${tone}`);

/** Label and value rows (a robot's money, a backtest's outcome). */
export function RobotFigures({ figures, label }: { figures: readonly RobotFigure[]; label?: string }) {
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

export const toneOf = (value: number): RobotFigure['tone'] => (value > 0 ? 'rise' : value < 0 ? 'fall' : 'flat');
