import type { Trend } from '../../../lib/format-number';

export interface Stat {
  key: string;
  label: string;
  value: string;
  trend?: Trend;
  /** A long value (sector, contract size) takes the whole row. */
  wide?: boolean;
}

/** The quote's fields as label and value pairs, two columns. */
export function StatGrid({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <section className="card stat-card" aria-label={label}>
      <h2 className="stat-card-title">{label}</h2>
      <dl className="stat-grid">
        {stats.map((stat) => (
          <div key={stat.key} className={stat.wide ? 'stat stat-wide' : 'stat'} data-stat={stat.key}>
            <dt>{stat.label}</dt>
            <dd className={`tabular${stat.trend ? ` trend-${stat.trend}` : ''}`}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Grid placeholder with the same shape while the data loads. */
export function StatGridSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <section className="card stat-card" aria-busy="true">
      <span className="skeleton skeleton-line skeleton-line-short" />
      <div className="stat-grid">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="stat">
            <span className="skeleton skeleton-line" />
          </div>
        ))}
      </div>
    </section>
  );
}
