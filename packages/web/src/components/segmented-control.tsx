export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
  /** Extra class of this option when it is chosen (e.g. the buy-up / buy-down colours). */
  activeClassName?: string;
}

interface SegmentedControlProps<T extends string | number> {
  /** Names the group for screen readers and tests. */
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A row of mutually exclusive choices; each is a pressed or unpressed button. */
export function SegmentedControl<T extends string | number>({ label, options, value, onChange, className }: SegmentedControlProps<T>) {
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="group" aria-label={label}>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            className={active ? `segment segment-active ${option.activeClassName ?? ''}`.trim() : 'segment'}
            aria-pressed={active}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
