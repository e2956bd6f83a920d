import './order-entry.css';
import { useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { type LevelErrors, checkLevels } from '../utils/entry-checks';

/**
 * Take-profit and stop-loss asked with the order (issue 18): the values, their device-side check
 * against the expected fill price, and what the order sends. The order page holds one of these.
 */
export function useEntryLevels() {
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [errors, setErrors] = useState<LevelErrors>({});
  return {
    takeProfit,
    stopLoss,
    errors,
    setTakeProfit: (value: string) => {
      setTakeProfit(value);
      setErrors(({ takeProfit: _dropped, ...rest }) => rest);
    },
    setStopLoss: (value: string) => {
      setStopLoss(value);
      setErrors(({ stopLoss: _dropped, ...rest }) => rest);
    },
    /** Checks both levels, shows what is wrong, and answers whether the order may go on to the confirm dialog. */
    check(direction: 0 | 1, reference: number | undefined, shown: (price: number) => string, tick?: number): boolean {
      const found = checkLevels({ takeProfit, stopLoss }, direction, reference, shown, tick);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** The fields of the create body (only those filled in). */
    body(): { takeProfit?: number; stopLoss?: number } {
      return {
        ...(takeProfit.trim() ? { takeProfit: Number(takeProfit) } : {}),
        ...(stopLoss.trim() ? { stopLoss: Number(stopLoss) } : {}),
      };
    },
  };
}

export type EntryLevels = ReturnType<typeof useEntryLevels>;

export function EntryLevelsFields({ levels, placeholder }: { levels: EntryLevels; placeholder?: string }) {
  const { t } = useStopsTranslation();
  const message = (error: LevelErrors['takeProfit']) => (error ? t(error.key, error.values) : undefined);
  return (
    <fieldset className="entry-levels">
      <legend className="field-label">{t('entry.levels')}</legend>
      <div className="entry-levels-row">
        <TextField
          label={t('tpsl.takeProfit')}
          name="takeProfit"
          inputMode="decimal"
          value={levels.takeProfit}
          placeholder={placeholder}
          onChange={levels.setTakeProfit}
          error={message(levels.errors.takeProfit)}
        />
        <TextField
          label={t('tpsl.stopLoss')}
          name="stopLoss"
          inputMode="decimal"
          value={levels.stopLoss}
          placeholder={placeholder}
          onChange={levels.setStopLoss}
          error={message(levels.errors.stopLoss)}
        />
      </div>
      <p className="form-hint">{t('entry.levelsHint')}</p>
    </fieldset>
  );
}
