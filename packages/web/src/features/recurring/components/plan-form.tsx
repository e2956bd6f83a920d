import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { TextField } from '../../../components/form/text-field';
import { type SegmentOption, SegmentedControl } from '../../../components/segmented-control';
import type { InstrumentRef } from '../../../api/market/instrument';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { walletOfSource } from '../../../lib/trading/wallet-of-source';
import { validateAmount } from '../../../components/form/validation';
import { type PlanRequest, useCreatePlan } from '../api/recurring';
import { type RecurringKey, useRecurringTranslation } from '../i18n/use-recurring-translation';

type Frequency = PlanRequest['frequency'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A new plan on one instrument: amount, how often, and when (UTC). */
export function PlanForm({ instrument }: { instrument: InstrumentRef }) {
  const { t: common } = useTranslation();
  const { t } = useRecurringTranslation();
  const create = useCreatePlan();
  const wallet = walletOfSource(instrument.source);
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [time, setTime] = useState('15:00');
  const [weekday, setWeekday] = useState(1);
  const [day, setDay] = useState('1');
  const [errors, setErrors] = useState<{ amount?: string; time?: string; day?: string }>({});

  const frequencies: SegmentOption<Frequency>[] = (['daily', 'weekly', 'monthly'] as const).map((value) => ({ value, label: t(`frequency.${value}`) }));
  const weekdays: SegmentOption<number>[] = [1, 2, 3, 4, 5, 6, 0].map((value) => ({ value, label: t(`days.${value}` as RecurringKey) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountError = validateAmount(amount);
    const found = {
      ...(amountError ? { amount: common(amountError) } : {}),
      ...(TIME.test(time) ? {} : { time: t('invalidTime') }),
      ...(frequency === 'monthly' && !(/^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 31) ? { day: t('invalidDay') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        stockCode: instrument.code,
        source: instrument.source,
        ...(instrument.market ? { market: instrument.market } : {}),
        amount: amount.trim(),
        frequency,
        time,
        ...(frequency === 'weekly' ? { weekday } : {}),
        ...(frequency === 'monthly' ? { dayOfMonth: Number(day) } : {}),
      },
      {
        onSuccess: () => {
          setAmount('');
          showSuccessToast(t('created'));
        },
        onError: (failure) => {
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <form className="card order-card recurring-form" onSubmit={onSubmit} noValidate aria-label={t('newPlan')}>
      <h2 className="card-title">{t('newPlan')}</h2>
      <p className="form-hint">{t('for', { name: instrument.name, wallet: common(`wallets.${wallet.walletType}`), currency: wallet.currency })}</p>
      <TextField
        label={t('amount', { currency: wallet.currency })}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
      />
      <SegmentedControl label={t('newPlan')} options={frequencies} value={frequency} onChange={setFrequency} className="segmented-small" />
      {frequency === 'weekly' ? <SegmentedControl label={t('weekday')} options={weekdays} value={weekday} onChange={setWeekday} className="segmented-chips" /> : null}
      {frequency === 'monthly' ? (
        <TextField
          label={t('dayOfMonth')}
          name="dayOfMonth"
          inputMode="numeric"
          value={day}
          onChange={(value) => {
            setDay(value);
            setErrors((e) => ({ ...e, day: undefined }));
          }}
          error={errors.day}
        />
      ) : null}
      {frequency === 'monthly' ? <p className="form-hint">{t('monthEnd')}</p> : null}
      <TextField
        label={t('time')}
        name="time"
        value={time}
        onChange={(value) => {
          setTime(value);
          setErrors((e) => ({ ...e, time: undefined }));
        }}
        error={errors.time}
      />
      <p className="form-hint">{t('hint')}</p>
      <button type="submit" className="primary-pill" disabled={create.isPending}>
        {t('create')}
      </button>
    </form>
  );
}
