interface FilterChipsProps<K extends string> {
  label: string;
  options: readonly { key: K; title: string }[];
  active: K;
  onChange: (key: K) => void;
}

/** A row of pill buttons picking one sub-list (exchange, top list, futures group). */
export function FilterChips<K extends string>({ label, options, active, onChange }: FilterChipsProps<K>) {
  return (
    <div className="filter-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          className={option.key === active ? 'filter-chip filter-chip-active' : 'filter-chip'}
          aria-pressed={option.key === active}
          onClick={() => onChange(option.key)}
        >
          {option.title}
        </button>
      ))}
    </div>
  );
}
