import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type OrderForm, priceText } from '../hooks/use-order-form';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { FigureList } from './figure-list';
import { OrderRiskPreview } from './position-risk';
import { useTimeInForceName } from './time-in-force-field';

/** The last look before placing: the order in one line, its type, levels, leverage and costs. */
export function OrderConfirmDialog({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const timeInForceName = useTimeInForceName();
  const { live, orderType, levels, money, costs } = form;
  const typeLabel = { 0: t('order.market'), 1: t('order.limit'), 2: ts('type.stop'), 3: ts('type.stopLimit') }[orderType];
  return (
    <ConfirmDialog
      visible={form.confirming}
      title={t('order.confirmTitle')}
      confirmText={t('order.confirmSubmit')}
      busy={form.placing}
      onConfirm={form.onConfirm}
      onCancel={() => form.setConfirming(false)}
    >
      <div className="confirm-summary">
        <p className="confirm-headline">
          {t('order.confirmLine', {
            direction: form.direction === 0 ? t('trade.buyUp') : t('trade.buyDown'),
            quantity: form.taiwan ? String(form.shares) : form.quantity,
            name: live?.name ?? form.instrument.name,
          })}
        </p>
        <FigureList
          figures={[
            {
              key: 'type',
              label: t('order.type'),
              value: [
                typeLabel,
                form.stopped ? `${ts('trigger')} ${priceText(live, Number(form.triggerPrice))}` : '',
                form.limited ? `${ts('limitPrice')} ${priceText(live, Number(form.price))}` : '',
              ]
                .filter(Boolean)
                .join(' · '),
            },
            ...(orderType !== 0 ? [{ key: 'timeInForce', label: ts('tif.label'), value: timeInForceName(form.timeInForce) ?? '' }] : []),
            ...(form.futures && form.contract ? [{ key: 'contract', label: ts('entry.contract'), value: form.contract }] : []),
            ...(levels.takeProfit.trim() ? [{ key: 'takeProfit', label: ts('tpsl.takeProfit'), value: priceText(live, Number(levels.takeProfit)) }] : []),
            ...(levels.stopLoss.trim() ? [{ key: 'stopLoss', label: ts('tpsl.stopLoss'), value: priceText(live, Number(levels.stopLoss)) }] : []),
            { key: 'leverage', label: t('order.leverage'), value: `${form.chosenLeverage}×` },
            { key: 'margin', label: t('order.margin'), value: money(costs?.margin) },
            { key: 'fee', label: t('order.fee'), value: money(costs?.fee) },
          ]}
        />
        <OrderRiskPreview
          input={{ direction: form.direction, price: form.pricedAt, quantity: Number(form.quantity), leverage: form.chosenLeverage, rate: form.rate, rules: form.rules.data }}
          precision={live?.precision ?? 2}
          testIdPrefix="confirm"
        />
      </div>
    </ConfirmDialog>
  );
}
