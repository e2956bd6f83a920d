import { TextField } from '../../../components/form/text-field';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { cleanAmountInput } from '../utils/amount';

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Fills in everything there is ("All"); absent when there is no limit to fill. */
  onAll?: (() => void) | undefined;
  allDisabled?: boolean;
}

/** A money amount from the decimal keypad, with an optional "All" chip. */
export function AmountField({ label, value, onChange, error, onAll, allDisabled }: AmountFieldProps) {
  const { t } = useFundingTranslation();
  return (
    <TextField
      label={label}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      value={value}
      onChange={(text) => onChange(cleanAmountInput(text))}
      error={error}
      suffix={
        onAll ? (
          <button type="button" className="fd-chip" onClick={onAll} disabled={allDisabled}>
            {t('withdraw.all')}
          </button>
        ) : undefined
      }
    />
  );
}
