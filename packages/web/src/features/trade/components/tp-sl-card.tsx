import type { Position } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { TextField } from '../../../components/form/text-field';
import { formatPrice } from '../../../lib/format-number';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { type ValidationKey, validatePrice } from '../../../components/form/validation';
import { useSetTpSl } from '../api/set-tp-sl';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { priceDigits } from './position-card';

const shown = (value: number | null) => (value === null ? '' : formatPrice(value, priceDigits(value)).replace(/,/g, ''));

/** Take-profit and stop-loss of an open position: an empty field means none (clears the level). */
export function TpSlCard({ position }: { position: Position }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const save = useSetTpSl();
  const [takeProfit, setTakeProfit] = useState(shown(position.takeProfit));
  const [stopLoss, setStopLoss] = useState(shown(position.stopLoss));
  const [errors, setErrors] = useState<{ takeProfit?: ValidationKey; stopLoss?: ValidationKey }>({});

  const onSave = () => {
    const found = {
      ...(takeProfit.trim() && validatePrice(takeProfit) ? { takeProfit: validatePrice(takeProfit) } : {}),
      ...(stopLoss.trim() && validatePrice(stopLoss) ? { stopLoss: validatePrice(stopLoss) } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const level = (text: string) => (text.trim() ? Number(text) : null);
    save.mutate(
      { id: position.id, takeProfit: level(takeProfit), stopLoss: level(stopLoss) },
      {
        onSuccess: () => showSuccessToast(ts('tpsl.saved')),
        onError: (failure) => {
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <section className="card order-card" aria-label={ts('tpsl.title')}>
      <h2 className="card-title">{ts('tpsl.title')}</h2>
      <TextField
        label={ts('tpsl.takeProfit')}
        name="takeProfit"
        inputMode="decimal"
        value={takeProfit}
        placeholder={ts('tpsl.none')}
        onChange={(value) => {
          setTakeProfit(value);
          setErrors((e) => ({ ...e, takeProfit: undefined }));
        }}
        error={errors.takeProfit ? t(errors.takeProfit) : undefined}
      />
      <TextField
        label={ts('tpsl.stopLoss')}
        name="stopLoss"
        inputMode="decimal"
        value={stopLoss}
        placeholder={ts('tpsl.none')}
        onChange={(value) => {
          setStopLoss(value);
          setErrors((e) => ({ ...e, stopLoss: undefined }));
        }}
        error={errors.stopLoss ? t(errors.stopLoss) : undefined}
      />
      <p className="form-hint">{ts('tpsl.hint')}</p>
      <button type="button" className="secondary-pill small-pill" onClick={onSave} disabled={save.isPending}>
        {ts('tpsl.save')}
      </button>
    </section>
  );
}
