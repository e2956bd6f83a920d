import type { ReactNode } from 'react';

/** Label and value pairs of a record, two columns wide where there is room. */
export function FieldList({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="bo-fields">
      {items.map(([label, value]) => (
        <div key={label} className="bo-field-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
