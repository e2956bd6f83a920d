import type { ReactNode } from 'react';
import { trendOf } from '../../../lib/format-number';

export interface Fact {
  key: string;
  label: string;
  value: ReactNode;
  /** A signed figure (return, P&L) takes the rise or fall colour. */
  change?: number | null;
}

/** Label and value rows of an agency or a follow. */
export function FactList({ facts, label }: { facts: readonly Fact[]; label?: string }) {
  return (
    <dl className="figure-list" aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.key} className="figure-row">
          <dt>{fact.label}</dt>
          <dd className={fact.change === undefined || fact.change === null ? 'tabular' : `tabular trend-${trendOf(fact.change)}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
