import '../recurring.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { instrumentFromSearch } from '../../../api/market/instrument';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useChangePlan, usePlans } from '../api/recurring';
import { PlanCard } from '../components/plan-card';
import { PlanForm } from '../components/plan-form';
import { useRecurringTranslation } from '../i18n/use-recurring-translation';

/** `/pages/recurring/index`: the user's plans (next run, runs, pause/resume/cancel); from a quote (`?name=&code=&source=`) a form to start one. */
export function RecurringPage() {
  const { t: common } = useTranslation();
  const { t } = useRecurringTranslation();
  const [search] = useSearchParams();
  const instrument = useMemo(() => (search.get('code') ? instrumentFromSearch(search) : null), [search]);
  const plans = usePlans();
  const change = useChangePlan();
  return (
    <div className="order-page">
      {instrument ? <PlanForm instrument={instrument} /> : null}
      {plans.isError && !plans.data ? (
        <LoadError onRetry={() => void plans.refetch()} />
      ) : plans.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{common('common.loading')}</span>
        </div>
      ) : plans.data.length === 0 ? (
        // Names the quote page's button by its own label, so the two cannot drift apart (issue 20).
        <p className="list-empty">
          {t('empty', { button: common('account.recurring') })} <Link to={paths.market}>{common('watchlist.browseMarket')}</Link>
        </p>
      ) : (
        <section className="position-list" aria-label={common('pages.recurring')}>
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              busy={change.isPending}
              onChange={(to) =>
                change.mutate(
                  { id: plan.id, to },
                  {
                    onError: (failure) => {
                      if (!isAlreadyReported(failure)) showToast(failure.message);
                    },
                  },
                )
              }
            />
          ))}
        </section>
      )}
    </div>
  );
}
