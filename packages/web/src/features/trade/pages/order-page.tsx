import { AssetSource } from '@tradewind/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { type InstrumentRef, instrumentFromSearch } from '../../../api/market/instrument';
import { LoadError } from '../../../components/load-error';
import { PriceSourceLabel } from '../../../components/quote/price-source-label';
import { paths } from '../../../lib/paths';
import { TRADE_PERMISSION_PENDING } from '../api/apply-trade-permission';
import { OrderConfirmDialog } from '../components/order-confirm-dialog';
import { OrderFieldsCard } from '../components/order-fields-card';
import { OrderFunding } from '../components/order-funding';
import { OrderPreviewCard } from '../components/order-preview-card';
import { OrderQuoteCard, OrderQuoteSkeleton } from '../components/order-quote-card';
import { PermissionNotice } from '../components/permission-notice';
import { type Direction, permissionMissing, useOrderForm } from '../hooks/use-order-form';

type OrderKind = 'stock' | 'future' | 'forex';

/** The query of SPEC §2 order pages (name, code, source, direction); the route fixes futures and forex. */
function orderFromSearch(search: URLSearchParams, kind: OrderKind): { instrument: InstrumentRef; direction: Direction } | null {
  const source = kind === 'future' ? String(AssetSource.Future) : kind === 'forex' ? String(AssetSource.Forex) : search.get('source');
  const params = new URLSearchParams(search);
  params.set('source', source ?? String(AssetSource.Stock));
  const instrument = instrumentFromSearch(params);
  if (!instrument) return null;
  return { instrument, direction: search.get('direction') === '1' ? 1 : 0 };
}

function OrderForm({ instrument, initialDirection }: { instrument: InstrumentRef; initialDirection: Direction }) {
  const { t } = useTranslation();
  const form = useOrderForm(instrument, initialDirection);
  const { live, quote, costs, available, direction } = form;
  const directionLabel = direction === 0 ? t('trade.buyUp') : t('trade.buyDown');
  return (
    <form className="order-page" onSubmit={form.onSubmit} noValidate>
      {live ? <OrderQuoteCard item={live} /> : quote.isError ? <LoadError onRetry={() => void quote.refetch()} /> : <OrderQuoteSkeleton />}
      <PriceSourceLabel asOf={live?.currencyUsDatetime} />

      {form.permissionMessage || permissionMissing(form) ? (
        <PermissionNotice
          message={form.permissionMessage ?? t('order.permissionRequired')}
          pending={!form.permissionMessage && form.permission === TRADE_PERMISSION_PENDING}
          onApproved={form.onApproved}
        />
      ) : null}

      <OrderFieldsCard form={form} />
      <OrderPreviewCard form={form} />
      {form.short && costs && available !== undefined ? (
        <OrderFunding
          wallet={form.wallet}
          cost={costs.total}
          available={available}
          market={form.orderType === 0}
          order={() => (form.validate() ? form.request() : null)}
          headline={t('order.confirmLine', { direction: directionLabel, quantity: form.quantity, name: live?.name ?? instrument.name })}
        />
      ) : null}

      <div className="order-submit-bar">
        <button type="submit" className={direction === 0 ? 'trade-button trade-button-buy' : 'trade-button trade-button-sell'} disabled={form.placing}>
          {directionLabel}
        </button>
      </div>

      <OrderConfirmDialog form={form} />
    </form>
  );
}

function OrderRoute({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const parsed = useMemo(() => orderFromSearch(search, kind), [search, kind]);
  if (!parsed) {
    return (
      <div className="page-status" role="alert">
        <p className="page-status-text">{t('quote.notFound')}</p>
        <Link className="text-button" to={paths.market}>
          {t('watchlist.browseMarket')}
        </Link>
      </div>
    );
  }
  const { instrument, direction } = parsed;
  return <OrderForm key={`${instrument.source}:${instrument.code}:${direction}`} instrument={instrument} initialDirection={direction} />;
}

/** SPEC §2 order pages: stocks (and Taiwan stocks, indices), futures, forex. */
export const StockOrderPage = () => <OrderRoute kind="stock" />;
export const FutureOrderPage = () => <OrderRoute kind="future" />;
export const ForexOrderPage = () => <OrderRoute kind="forex" />;
