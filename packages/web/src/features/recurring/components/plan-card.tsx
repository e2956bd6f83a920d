import type { RecurringPlan } from '@tradewind/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateFormat, formatDateUtc } from '../../../lib/format-date';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { usePlanRuns } from '../api/recurring';
import { type RecurringKey, useRecurringTranslation } from '../i18n/use-recurring-translation';

/** One plan: what, how much, when, the next run, controls, and its run history on demand. */
export function PlanCard({ plan, onChange, busy }: { plan: RecurringPlan; onChange: (to: 'pause' | 'resume' | 'cancel') => void; busy: boolean }) {
  const { t } = useRecurringTranslation();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const runs = usePlanRuns(plan.id, open);
  const day = plan.frequency === 'weekly' ? t(`days.${plan.weekday ?? 0}` as RecurringKey) : String(plan.dayOfMonth ?? '');
  return (
    <article className="card order-row-card" aria-label={`${plan.name} ${plan.stockCode}`} data-plan-id={plan.id}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{plan.name}</h3>
          <p className="position-meta">
            <span className="quote-header-code">{plan.stockCode}</span>
            <span className="leverage-badge" data-testid="plan-status">
              {t(`status.${plan.status}`)}
            </span>
          </p>
        </div>
        <span className="tabular position-name">{formatMoney(plan.amount, plan.currency)}</span>
      </header>
      <p data-testid="plan-every">{t(`every.${plan.frequency}`, { day, time: plan.time })}</p>
      {plan.nextRunTimestamp !== null ? (
        <p className="row-time" data-testid="plan-next">
          {t('next', { time: formatDateUtc(plan.nextRunTimestamp, DateFormat.dateTime) })}
        </p>
      ) : null}
      <footer className="position-actions">
        <button type="button" className="secondary-pill small-pill" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {t('history')}
        </button>
        {plan.status === 'active' ? (
          <button type="button" className="secondary-pill small-pill" onClick={() => onChange('pause')} disabled={busy}>
            {t('pause')}
          </button>
        ) : null}
        {plan.status === 'paused' ? (
          <button type="button" className="secondary-pill small-pill" onClick={() => onChange('resume')} disabled={busy}>
            {t('resume')}
          </button>
        ) : null}
        {plan.status !== 'cancelled' ? (
          <button type="button" className="danger-pill small-pill" onClick={() => setConfirming(true)} disabled={busy}>
            {t('cancel')}
          </button>
        ) : null}
      </footer>
      {open ? (
        <ul className="recurring-runs" aria-label={t('history')}>
          {runs.data?.list.length === 0 ? <li className="row-time">{t('noRuns')}</li> : null}
          {runs.data?.list.map((run) => (
            <li key={run.id} data-testid="plan-run">
              <span className="row-time">{formatDateUtc(run.scheduledTimestamp, DateFormat.dateTime)}</span>{' '}
              {run.status === 'filled' && run.fillPrice !== null && run.spent !== null
                ? t('run.filled', { quantity: run.quantity, price: formatPrice(run.fillPrice, 2), spent: formatMoney(run.spent, plan.currency) })
                : run.status === 'skipped'
                  ? (run.reason ?? t('run.skipped'))
                  : t('run.pending')}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        visible={confirming}
        title={t('confirmCancel')}
        confirmText={t('cancel')}
        danger
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          onChange('cancel');
        }}
        onCancel={() => setConfirming(false)}
      >
        <p className="confirm-headline">{`${plan.name} · ${formatMoney(plan.amount, plan.currency)}`}</p>
      </ConfirmDialog>
    </article>
  );
}
