import { useCallback, useState } from 'react';
import { type ValidationKey, type Validator, validateFields } from './validation';

/** Field values and per-field error keys of a small form; an edit clears that field's error. */
export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, ValidationKey>>>({});

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Validates the given fields, shows their errors, and says whether all passed. */
  const validate = useCallback(
    (validators: Partial<Record<F, Validator>>) => {
      const found = validateFields(values, validators);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    [values],
  );

  /** Validates one field without touching the others' errors, e.g. the e-mail before sending a code. */
  const validateField = useCallback(
    (field: F, validator: Validator) => {
      const error = validator(values[field]);
      setErrors((current) => {
        const next = { ...current };
        if (error) next[field] = error;
        else delete next[field];
        return next;
      });
      return error === undefined;
    },
    [values],
  );

  return { values, errors, setValue, validate, validateField };
}
