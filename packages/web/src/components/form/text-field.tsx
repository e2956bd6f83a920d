import { type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** Already translated. */
  error?: string | undefined;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel';
  maxLength?: number;
  /** A control at the end of the input, such as a send-code button. */
  suffix?: ReactNode;
  autoFocus?: boolean;
}

/** A labelled input: the label names the control for screen readers and tests alike. */
export function TextField({ label, value, onChange, error, suffix, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'field-control field-control-invalid' : 'field-control'}>
        <input
          {...input}
          id={id}
          className="field-input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {suffix}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
