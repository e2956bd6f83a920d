import type { Order, Position } from '@tradewind/contract';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { BrandMark } from '../../../components/brand-mark';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { SegmentedControl } from '../../../components/segmented-control';
import { useFundingOverview } from '../../../api/funds/get-funding-overview';
import { formatPrice } from '../../../lib/format-number';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { fundsQueryKey, positionsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey } from '../../../lib/trading/query-keys';
import { useCancelOrder } from '../api/cancel-order';
import { useClosedPositions } from '../api/get-closed-positions';
import { useOrderHistory } from '../api/get-order-history';
import { usePositions } from '../api/get-positions';
import { useRestingOrders } from '../api/get-resting-orders';
import { AccountSummary } from '../components/account-summary';
import { EquityChart } from '../../../components/equity-chart/equity-chart';
import { AddMarginDialog } from '../components/add-margin-dialog';
import { ClosedPositionRow, OrderHistoryRow } from '../components/history-rows';
import { PositionCard } from '../components/position-card';
import { RestingOrderRow } from '../components/resting-order-row';
import { ValuationSourceLabel } from '../../../components/quote/valuation-source-label';

const sections = ['positions', 'orders', 'history'] as const;
type HistoryList = 'orders' | 'closed';

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function Empty({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="empty-state empty-state-compact">
      <h2 className="empty-state-title">{title}</h2>
      {hint ? <p className="empty-state-hint">{hint}</p> : null}
      {action}
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {[0, 1].map((i) => (
        <div key={i} className="card position-card position-skeleton">
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line skeleton-line-short" />
        </div>
      ))}
    </div>
  );
}

function PositionsPanel() {
  const { t } = useTranslation();
  const positions = usePositions();
  const [topUp, setTopUp] = useState<Position | null>(null);
  if (positions.isError && !positions.data) return <LoadError onRetry={() => void positions.refetch()} />;
  if (!positions.data) return <ListSkeleton />;
  if (positions.data.length === 0) {
    return (
      <Empty
        title={t('trade.noPositions')}
        hint={t('trade.noPositionsHint')}
        action={
          <Link className="primary-pill" to={paths.market}>
            {t('watchlist.browseMarket')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <div className="position-list" role="list" aria-label={t('trade.positions')}>
        {positions.data.map((position) => (
          <div role="listitem" key={position.id}>
            <PositionCard position={position} onAddMargin={setTopUp} />
          </div>
        ))}
      </div>
      {topUp ? <AddMarginDialog position={topUp} onClose={() => setTopUp(null)} /> : null}
    </>
  );
}

function OrdersPanel() {
  const { t } = useTranslation();
  const orders = useRestingOrders();
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  if (orders.isError && !orders.data) return <LoadError onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <ListSkeleton />;

  const onConfirm = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => showSuccessToast(t('trade.orderCancelled')),
      onSettled: () => setCancelling(null),
    });
  };

  return (
    <>
      {orders.data.length === 0 ? (
        <Empty title={t('trade.noOrders')} hint={t('trade.noOrdersHint')} />
      ) : (
        <div className="position-list" role="list" aria-label={t('trade.orders')}>
          {orders.data.map((order) => (
            <div role="listitem" key={order.id}>
              <RestingOrderRow order={order} onCancel={setCancelling} />
            </div>
          ))}
        </div>
      )}
      <ConfirmDialog
        visible={cancelling !== null}
        title={t('trade.cancelOrderTitle')}
        confirmText={t('trade.cancelOrder')}
        dismissText={t('common.back')}
        danger
        busy={cancel.isPending}
        onConfirm={onConfirm}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? (
          <p className="confirm-headline">
            {t('trade.cancelOrderText', {
              quantity: cancelling.quantity,
              name: cancelling.name,
              // A stop order has no limit price: its trigger is what it waits for.
              price: (cancelling.price ?? cancelling.triggerPrice) === null ? '--' : formatPrice(cancelling.price ?? cancelling.triggerPrice ?? 0),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function HistoryPanel() {
  const { t } = useTranslation();
  const [list, setList] = useState<HistoryList>('orders');
  const orders = useOrderHistory(list === 'orders');
  const closed = useClosedPositions(list === 'closed');
  const query = list === 'orders' ? orders : closed;
  const rows =
    list === 'orders'
      ? orders.data?.pages.flatMap((page) => page.list).map((order) => <OrderHistoryRow key={order.id} order={order} />)
      : closed.data?.pages.flatMap((page) => page.list).map((position) => <ClosedPositionRow key={position.id} position={position} />);

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };

  return (
    <>
      <SegmentedControl
        label={t('trade.history')}
        options={[
          { value: 'orders', label: t('trade.historyOrders') },
          { value: 'closed', label: t('trade.historyClosed') },
        ]}
        value={list}
        onChange={setList}
        className="segmented-small segmented-inline"
      />
      {query.isError && !query.data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !rows ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <Empty title={t('trade.noHistory')} />
      ) : (
        <>
          <ul className="card history-list" aria-label={list === 'orders' ? t('trade.historyOrders') : t('trade.historyClosed')}>
            {rows}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage} threshold={300} />
        </>
      )}
    </>
  );
}

function GuestTrade() {
  const { t } = useTranslation();
  return (
    <div className="section">
      <section className="account-hero" aria-labelledby="trade-guest-title">
        <BrandMark size={48} />
        <h2 id="trade-guest-title" className="account-hero-title">
          {t('trade.guestTitle')}
        </h2>
        <p className="account-hero-subtitle">{t('trade.guestHint')}</p>
        <div className="account-hero-actions">
          <Link className="hero-button hero-button-primary" to={paths.login}>
            {t('auth.login')}
          </Link>
          <Link className="hero-button" to={paths.register}>
            {t('auth.register')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * The Trade tab (SPEC §2): the account's totals, open positions with live profit, resting limit
 * orders and the history. The section lives in the URL, so an order page can come back to it.
 */
export function TradePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const section = pick(search.get('tab'), sections, 'positions');
  const overview = useFundingOverview();

  const header = (
    <header className="tab-page-header">
      <h1 className="tab-page-title">{t('tabs.trade')}</h1>
    </header>
  );
  if (!token) {
    return (
      <>
        {header}
        <GuestTrade />
      </>
    );
  }

  const refresh = async () => {
    try {
      await Promise.all(
        [positionsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey, fundsQueryKey].map((queryKey) =>
          queryClient.refetchQueries({ queryKey, type: 'active' }),
        ),
      );
    } catch (error) {
      if (!isAlreadyReported(error)) showToast(t('common.loadFailed'));
    }
  };

  return (
    <>
      {header}
      <PullToRefresh onRefresh={refresh}>
        <div className="section">
          <AccountSummary overview={overview.data} />
          <ValuationSourceLabel />
          <EquityChart />
        </div>
        <div className="section">
          <SegmentedControl
            label={t('trade.sections')}
            options={sections.map((value) => ({ value, label: t(`trade.${value}`) }))}
            value={section}
            onChange={(next) => setSearch({ tab: next }, { replace: true })}
            className="segmented-tabs"
          />
        </div>
        <div className="section trade-panel">
          {section === 'positions' ? <PositionsPanel /> : null}
          {section === 'orders' ? <OrdersPanel /> : null}
          {section === 'history' ? <HistoryPanel /> : null}
        </div>
      </PullToRefresh>
    </>
  );
}
