import { useTranslation } from 'react-i18next';
import { type OrderForm, priceText } from '../hooks/use-order-form';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { type Figure, FigureList } from './figure-list';
import { OrderRiskPreview } from './position-risk';

/** What the order costs as typed (price, notional, margin, fee, total) against what the wallet holds. */
export function OrderPreviewCard({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const { live, pricedAt, costs, money, wallet } = form;
  const preview: Figure[] = [
    {
      key: 'price',
      label: form.limited ? t('order.limitPrice') : form.orderType === 2 ? ts('triggerPrice') : t('order.estimatedPrice'),
      value: pricedAt === undefined ? '--' : priceText(live, pricedAt),
    },
    { key: 'notional', label: t('order.notional'), value: money(costs?.notional), testId: 'preview-notional' },
    { key: 'margin', label: t('order.margin'), value: money(costs?.margin), testId: 'preview-margin' },
    { key: 'fee', label: t('order.fee'), value: money(costs?.fee), testId: 'preview-fee' },
    { key: 'total', label: t('order.total'), value: money(costs?.total), tone: 'strong', testId: 'preview-total' },
    {
      key: 'available',
      label: t('order.available', { wallet: t(`wallets.${wallet.walletType}`) }),
      value: money(form.available),
      tone: form.short ? 'warning' : undefined,
      testId: 'preview-available',
    },
  ];
  return (
    <section className="card order-card" aria-label={t('order.preview')}>
      <h2 className="card-title">{t('order.preview')}</h2>
      <FigureList figures={preview} label={t('order.preview')} />
      <OrderRiskPreview
        input={{ direction: form.direction, price: pricedAt, quantity: Number(form.quantity), leverage: form.chosenLeverage, rate: form.rate, rules: form.rules.data }}
        precision={live?.precision ?? 2}
      />
      {form.short ? <p className="order-warning">{t('order.insufficient')}</p> : null}
    </section>
  );
}
