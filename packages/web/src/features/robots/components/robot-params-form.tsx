import { type RobotCreateBody, type RobotStrategy, robotCreateBody } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';

type FieldKind = 'price' | 'amount' | 'integer' | 'choice';

export type ParamName = 'lower' | 'upper' | 'grids' | 'amountPerGrid' | 'amountPerInterval' | 'interval' | 'shortPeriod' | 'longPeriod' | 'barInterval' | 'amountPerTrade';
type IntervalName = '1m' | '5m' | '30m' | '1h' | '1d' | '1w';

interface FieldSpec {
  name: ParamName;
  kind: FieldKind;
  options?: readonly IntervalName[];
}

/** The form's fields per strategy, in the order people think about them. */
export const strategyFields: Record<RobotStrategy, readonly FieldSpec[]> = {
  grid: [
    { name: 'lower', kind: 'price' },
    { name: 'upper', kind: 'price' },
    { name: 'grids', kind: 'integer' },
    { name: 'amountPerGrid', kind: 'amount' },
  ],
  dca: [
    { name: 'amountPerInterval', kind: 'amount' },
    { name: 'interval', kind: 'choice', options: ['1m', '1h', '1d', '1w'] },
  ],
  ma: [
    { name: 'shortPeriod', kind: 'integer' },
    { name: 'longPeriod', kind: 'integer' },
    { name: 'barInterval', kind: 'choice', options: ['1m', '5m', '30m', '1d'] },
    { name: 'amountPerTrade', kind: 'amount' },
  ],
};

export type FormValues = Record<string, string>;

/** Starting values a person can run at once: a grid of ±2 % around the price, small steps. */
export function defaultValues(strategy: RobotStrategy, price: number | undefined): FormValues {
  const around = (f: number) => (price ? (Math.round(price * f * 100) / 100).toString() : '');
  switch (strategy) {
    case 'grid':
      return { amount: '5000', lower: around(0.98), upper: around(1.02), grids: '10', amountPerGrid: '500' };
    case 'dca':
      return { amount: '5000', amountPerInterval: '500', interval: '1d' };
    case 'ma':
      return { amount: '5000', shortPeriod: '5', longPeriod: '20', barInterval: '1d', amountPerTrade: '2500' };
  }
}

const numberOrText = (text: string) => (text.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

export interface ParsedForm {
  body?: RobotCreateBody;
  /** Field name → translated message. */
  errors: Record<string, string>;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Validates with the contract's own schema, so the form refuses exactly what the server would. */
export function parseRobotForm(strategy: RobotStrategy, stockCode: string, values: FormValues, t: Translate): ParsedForm {
  const params: Record<string, unknown> = {};
  for (const field of strategyFields[strategy]) {
    const raw = values[field.name] ?? '';
    params[field.name] = field.kind === 'choice' || field.kind === 'amount' ? (raw.trim() === '' ? undefined : raw.trim()) : numberOrText(raw);
  }
  const candidate = { strategy, stockCode, amount: (values.amount ?? '').trim() || undefined, params };
  const parsed = robotCreateBody.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path.at(-1) ?? 'amount');
      if (errors[field]) continue;
      const value = field === 'amount' ? candidate.amount : params[field];
      const kind = field === 'amount' ? 'amount' : strategyFields[strategy].find((f) => f.name === field)?.kind;
      errors[field] =
        value === undefined
          ? t('robots.errors.required')
          : field === 'upper' && issue.code === 'custom'
            ? t('robots.errors.upperAboveLower')
            : field === 'longPeriod' && issue.code === 'custom'
              ? t('robots.errors.longAboveShort')
              : kind === 'amount'
                ? t('robots.errors.amount')
                : issue.code === 'invalid_type' && issue.expected === 'int'
                  ? t('robots.errors.whole')
                  : issue.code === 'too_small'
                    ? t('robots.errors.min', { min: Number(issue.minimum) })
                    : issue.code === 'too_big'
                      ? t('robots.errors.max', { max: Number(issue.maximum) })
                      : t('robots.errors.number');
    }
    return { errors };
  }
  const body = parsed.data;
  const step = Object.entries(body.params).find(([name]) => name.startsWith('amountPer'));
  if (step && (step[1] as number) > body.amount) return { errors: { [step[0]]: t('robots.errors.stepAboveAmount') } };
  // Back to the wire shape: the contract parsed amounts into cents; the server parses the decimals again.
  return { body: candidate as RobotCreateBody, errors };
}

interface RobotParamsFormProps {
  strategy: RobotStrategy;
  stockCode: string;
  initial: FormValues;
  currency: string;
  busy: boolean;
  onBacktest: (body: RobotCreateBody) => void;
  onStart: (body: RobotCreateBody) => void;
}

/** The robot's amount and parameters; "Backtest" and "Start robot" both check them first. */
export function RobotParamsForm({ strategy, stockCode, initial, currency, busy, onBacktest, onStart }: RobotParamsFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (name: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  const submit = (then: (body: RobotCreateBody) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = parseRobotForm(strategy, stockCode, values, t as Translate);
    setErrors(parsed.errors);
    if (parsed.body) then(parsed.body);
  };

  return (
    <form className="card order-card robot-form" onSubmit={submit(onStart)} noValidate aria-label={t('robots.paramsTitle')}>
      <h2 className="section-title">{t('robots.paramsTitle')}</h2>
      <TextField
        label={t('robots.amount', { currency })}
        name="amount"
        inputMode="decimal"
        value={values.amount ?? ''}
        onChange={set('amount')}
        error={errors.amount || undefined}
      />
      {strategyFields[strategy].map((field) =>
        field.kind === 'choice' ? (
          <SelectField
            key={field.name}
            label={t(`robots.params.${field.name}`)}
            name={field.name}
            value={values[field.name] ?? ''}
            options={(field.options ?? []).map((value) => ({ value, label: t(`robots.intervals.${value}`) }))}
            onChange={set(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            label={t(`robots.params.${field.name}`)}
            name={field.name}
            inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
            value={values[field.name] ?? ''}
            onChange={set(field.name)}
            error={errors[field.name] || undefined}
          />
        ),
      )}
      <p className="form-hint">{t(`robots.hints.${strategy}`)}</p>
      <div className="block-form-actions">
        <button type="button" className="text-button" onClick={() => submit(onBacktest)()} disabled={busy}>
          {t('robots.backtest')}
        </button>
        <button type="submit" className="trade-button trade-button-buy" disabled={busy}>
          {t('robots.start')}
        </button>
      </div>
    </form>
  );
}
