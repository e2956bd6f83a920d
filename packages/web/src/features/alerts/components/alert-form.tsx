import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { TextField } from '../../../components/form/text-field';
import { type SegmentOption, SegmentedControl } from '../../../components/segmented-control';
import { formatPrice } from '../../../lib/format-number';
import type { InstrumentRef } from '../../../api/market/instrument';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { validatePrice } from '../../../components/form/validation';
import { useCreateAlert } from '../api/alerts';
import { useAlertsTranslation } from '../i18n/use-alerts-translation';

type Kind = 'price' | 'percent';

const shownPrice = (value: number) => formatPrice(value, Math.min(Math.max(String(value).split('.')[1]?.length ?? 0, 2), 5));
type Direction = 'above' | 'below';

/** Asks once, on the tap that sets the user's first alert (browsers only ask from a user gesture). */
async function askForNotifications(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    await Notification.requestPermission();
  } catch {
    // An old Safari takes a callback instead of answering a promise: the inbox still tells the user.
  }
}

/** A new alert on one instrument: above/below a price, or a percent move up/down from the price now. */
export function AlertForm({ instrument, price, firstAlert }: { instrument: InstrumentRef; price: number | undefined; firstAlert: boolean }) {
  const { t: common } = useTranslation();
  const { t } = useAlertsTranslation();
  const create = useCreateAlert();
  const [kind, setKind] = useState<Kind>('price');
  const [direction, setDirection] = useState<Direction>('above');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const kinds: SegmentOption<Kind>[] = [
    { value: 'price', label: t('kind.price') },
    { value: 'percent', label: t('kind.percent') },
  ];
  const directions: SegmentOption<Direction>[] = [
    { value: 'above', label: kind === 'price' ? t('direction.above') : t('direction.up'), activeClassName: 'segment-up' },
    { value: 'below', label: kind === 'price' ? t('direction.below') : t('direction.down'), activeClassName: 'segment-down' },
  ];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const number = Number(value);
    const invalid =
      kind === 'price'
        ? validatePrice(value) && common(validatePrice(value) ?? 'validation.priceInvalid')
        : !(number > 0) || (direction === 'below' && number >= 100) || !/^\d{1,4}(\.\d{1,2})?$/.test(value.trim())
          ? t('percentInvalid')
          : undefined;
    setError(invalid || undefined);
    if (invalid) return;
    if (firstAlert) await askForNotifications();
    create.mutate(
      {
        stockCode: instrument.code,
        source: instrument.source,
        ...(instrument.market ? { market: instrument.market } : {}),
        kind,
        direction,
        ...(kind === 'price' ? { price: number } : { percent: number }),
      },
      {
        onSuccess: () => {
          setValue('');
          showSuccessToast(t('created'));
        },
        onError: (failure) => {
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <form className="card order-card alerts-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('newAlert')}>
      <h2 className="card-title">{t('newAlert')}</h2>
      <p className="form-hint">{t('for', { name: instrument.name, price: price === undefined ? '--' : shownPrice(price) })}</p>
      <SegmentedControl label={t('newAlert')} options={kinds} value={kind} onChange={setKind} className="segmented-small" />
      <SegmentedControl label={`${t('direction.above')} / ${t('direction.below')}`} options={directions} value={direction} onChange={setDirection} className="segmented-direction" />
      <TextField
        label={kind === 'price' ? t('price') : t('percent')}
        name="alertValue"
        inputMode="decimal"
        value={value}
        placeholder={kind === 'price' && price !== undefined ? shownPrice(price).replace(/,/g, '') : '5'}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={error}
      />
      <button type="submit" className="primary-pill" disabled={create.isPending}>
        {t('create')}
      </button>
    </form>
  );
}
