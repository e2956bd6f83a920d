import '../alerts.css';
import type { PriceAlert } from '@tradewind/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { instrumentFromSearch } from '../../../api/market/instrument';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useAlerts, useDeleteAlert } from '../api/alerts';
import { AlertCard } from '../components/alert-card';
import { AlertForm } from '../components/alert-form';
import { useAlertsTranslation } from '../i18n/use-alerts-translation';

/**
 * `/pages/alerts/index`: the user's price alerts (active, then fired) with delete; opened from a
 * quote (`?name=&code=&source=&market=&price=`) it starts with a form for that instrument.
 */
export function AlertsPage() {
  const { t: common } = useTranslation();
  const { t } = useAlertsTranslation();
  const [search] = useSearchParams();
  const instrument = useMemo(() => (search.get('code') ? instrumentFromSearch(search) : null), [search]);
  const price = search.get('price') ? Number(search.get('price')) : undefined;
  const alerts = useAlerts();
  const remove = useDeleteAlert();

  const onDelete = (alert: PriceAlert) =>
    remove.mutate(alert.id, {
      onSuccess: () => showSuccessToast(t('deleted')),
      onError: (failure) => {
        if (!isAlreadyReported(failure)) showToast(failure.message);
      },
    });

  const sorted = [...(alerts.data ?? [])].sort((a, b) => Number(a.status === 'triggered') - Number(b.status === 'triggered') || b.id - a.id);
  const notificationsOff = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  return (
    <div className="order-page">
      {instrument ? <AlertForm instrument={instrument} price={Number.isFinite(price) ? price : undefined} firstAlert={(alerts.data ?? []).length === 0} /> : null}
      {notificationsOff ? <p className="form-hint">{t('notifications')}</p> : null}
      {alerts.isError && !alerts.data ? (
        <LoadError onRetry={() => void alerts.refetch()} />
      ) : alerts.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{common('common.loading')}</span>
        </div>
      ) : sorted.length === 0 ? (
        <p className="list-empty">{t('empty')}</p>
      ) : (
        <section className="position-list" aria-label={t('title')}>
          {sorted.map((alert) => (
            <AlertCard key={alert.id} alert={alert} onDelete={onDelete} busy={remove.isPending} />
          ))}
        </section>
      )}
    </div>
  );
}
