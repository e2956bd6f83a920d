import type { TradingRules } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';
import type { ValidationKey } from '../../../components/form/validation';
import { type SegmentOption, SegmentedControl } from '../../../components/segmented-control';
import type { Direction, OrderForm, OrderType } from '../hooks/use-order-form';
import { type StopsKey, useStopsTranslation } from '../i18n/use-stops-translation';
import { leverageChoices } from '../utils/order-math';
import { ContractMonthField } from './contract-month-field';
import { EntryLevelsFields } from './entry-levels-fields';
import { TimeInForceField } from './time-in-force-field';
import { TwLotModeControl } from './tw-lot-mode';

/** The order page's entry card: direction, contract month, type and prices, quantity, leverage, levels. */
export function OrderFieldsCard({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const { instrument, live } = form;
  const directions: SegmentOption<Direction>[] = [
    { value: 0, label: t('trade.buyUp'), activeClassName: 'segment-up' },
    { value: 1, label: t('trade.buyDown'), activeClassName: 'segment-down' },
  ];
  const leverages = leverageChoices(form.leverageMax).map((value) => ({ value, label: `${value}×` }));
  return (
    <section className="card order-card">
      <SegmentedControl label={t('order.direction')} options={directions} value={form.direction} onChange={form.setDirection} className="segmented-direction" />
      {form.futures ? <ContractMonthField root={instrument.code} value={form.contract} onChange={(picked) => form.setContract(picked.stock_code)} /> : null}
      <OrderTypeFields form={form} />
      <OrderQuantityFields form={form} />
      <RulesHint rules={form.rules.data} />
      <div className="order-leverage">
        <span className="field-label">{t('order.leverage')}</span>
        <SegmentedControl label={t('order.leverage')} options={leverages} value={form.chosenLeverage} onChange={form.setLeverage} className="segmented-chips" />
      </div>
      <EntryLevelsFields levels={form.levels} placeholder={live ? live.price_nominal.toFixed(live.precision) : ''} />
    </section>
  );
}

/** The order type and what it asks for: a trigger (stops), a limit price (limits), how long it rests. */
function OrderTypeFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const { live, orderType, direction, errors, clearError } = form;
  const orderTypes: SegmentOption<OrderType>[] = [
    { value: 0, label: t('order.market') },
    { value: 1, label: t('order.limit') },
    { value: 2, label: ts('type.stop') },
    { value: 3, label: ts('type.stopLimit') },
  ];
  const stopHint = orderType === 2 ? ts(direction === 0 ? 'hint.stopBuy' : 'hint.stopSell') : ts(direction === 0 ? 'hint.stopLimitBuy' : 'hint.stopLimitSell');
  return (
    <>
      {/* Four types: the choices take the full width under their label, like the leverage. */}
      <div className="order-leverage">
        <span className="field-label">{t('order.type')}</span>
        <SegmentedControl
          label={t('order.type')}
          options={orderTypes}
          value={orderType}
          onChange={(value) => {
            form.setOrderType(value);
            clearError('price');
            clearError('triggerPrice');
          }}
          className="segmented-small"
        />
      </div>
      {form.stopped ? (
        <TextField
          label={ts('triggerPrice')}
          name="triggerPrice"
          inputMode="decimal"
          value={form.triggerPrice}
          placeholder={live ? live.price_nominal.toFixed(live.precision) : ''}
          onChange={(value) => {
            form.setTriggerPrice(value);
            clearError('triggerPrice');
          }}
          error={errors.triggerPrice ? t(errors.triggerPrice) : undefined}
        />
      ) : null}
      {form.stopped ? <p className="form-hint">{stopHint}</p> : null}
      {form.limited ? (
        <TextField
          label={t('order.limitPrice')}
          name="price"
          inputMode="decimal"
          value={form.price}
          // What the field takes (digits and a point), not a display figure: no grouping, no German comma.
          placeholder={live ? live.price_nominal.toFixed(live.precision) : ''}
          onChange={(value) => {
            form.setPrice(value);
            clearError('price');
          }}
          error={errors.price ? t(errors.price) : undefined}
        />
      ) : null}
      {orderType !== 0 ? <TimeInForceField value={form.timeInForce} onChange={form.setTimeInForce} /> : null}
    </>
  );
}

/** The quantity (in board or odd lots in Taiwan), with the half and full buttons. */
function OrderQuantityFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const { taiwan, twLabels, errors, clearError } = form;
  return (
    <>
      {taiwan ? (
        <TwLotModeControl
          mode={form.lotMode}
          onChange={(mode) => {
            form.setLotMode(mode);
            form.setQuantity('');
            clearError('quantity');
          }}
        />
      ) : null}
      <TextField
        label={taiwan ? twLabels.label : t('order.quantity')}
        name="quantity"
        inputMode="numeric"
        value={form.quantity}
        onChange={(value) => {
          form.setQuantity(value);
          clearError('quantity');
        }}
        error={errors.quantity ? (errors.quantity.startsWith('entry.') ? ts(errors.quantity as StopsKey) : t(errors.quantity as ValidationKey)) : undefined}
        suffix={
          <span className="field-actions">
            <button type="button" className="field-chip" onClick={() => void form.onSize('half')} disabled={form.sizing !== null}>
              {t('order.half')}
            </button>
            <button type="button" className="field-chip" onClick={() => void form.onSize('full')} disabled={form.sizing !== null}>
              {t('order.full')}
            </button>
          </span>
        }
      />
      {taiwan && twLabels.total ? (
        <p className="form-hint" data-testid="tw-shares">
          {twLabels.total}
        </p>
      ) : null}
    </>
  );
}

function RulesHint({ rules }: { rules: TradingRules | undefined }) {
  const { t } = useTranslation();
  if (!rules) return null;
  return (
    <p className="form-hint">
      {t('order.rulesHint', { min: rules.minCount, step: rules.step, max: rules.leverageMax })}
      {rules.multiplier !== 1 ? ` · ${t('order.multiplierHint', { n: rules.multiplier })}` : ''}
    </p>
  );
}
