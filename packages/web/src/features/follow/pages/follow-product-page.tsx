import '../follow.css';
import { FOLLOW_AMOUNT_MAX, FOLLOW_AMOUNT_MIN } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { LoadError } from '../../../components/load-error';
import { formatPrice } from '../../../lib/format-number';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useAgencies } from '../api/get-agencies';
import { useMyFollows } from '../api/get-my-follows';
import { AgencyCard } from '../components/agency-card';
import { FollowCard } from '../components/follow-card';

const whole = (n: number) => formatPrice(n, 0);

function MyFollows() {
  const { t } = useTranslation();
  const follows = useMyFollows();
  const list = follows.data?.list;
  return (
    <section className="follow-mine" aria-label={t('follow.myFollows')}>
      <h2 className="section-title">{t('follow.myFollows')}</h2>
      {follows.isError && !list ? (
        <LoadError onRetry={() => void follows.refetch()} />
      ) : list === undefined ? (
        <p className="page-status-text" role="status">
          {t('common.loading')}
        </p>
      ) : list.length === 0 ? (
        <p className="list-empty">{t('follow.noFollows')}</p>
      ) : (
        list.map((follow) => <FollowCard key={follow.id} follow={follow} />)
      )}
    </section>
  );
}

/** `/pages/product/follow`: the agencies to follow, and the user's own follows. */
export function FollowProductPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const agencies = useAgencies();

  if (agencies.isError && !agencies.data) return <LoadError onRetry={() => void agencies.refetch()} />;
  return (
    <div className="order-page">
      <p className="section-hint">{t('follow.notice', { min: whole(FOLLOW_AMOUNT_MIN), max: whole(FOLLOW_AMOUNT_MAX) })}</p>
      {token ? (
        <MyFollows />
      ) : (
        <section className="card notice-card" role="note">
          <p className="notice-text">{t('follow.loginToFollow')}</p>
          <Link className="primary-pill notice-action" to={paths.login}>
            {t('pages.login')}
          </Link>
        </section>
      )}
      <h2 className="section-title">{t('follow.agencies')}</h2>
      {agencies.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{t('common.loading')}</span>
        </div>
      ) : agencies.data.length === 0 ? (
        <p className="list-empty">{t('follow.empty')}</p>
      ) : (
        agencies.data.map((agency) => (
          <AgencyCard
            key={agency.id}
            agency={agency}
            action={
              token ? (
                <Link className="primary-pill follow-action" to={`${paths.orderFollow}?agencyId=${agency.id}`} aria-label={t('follow.followAgency', { name: agency.name })}>
                  {t('follow.follow')}
                </Link>
              ) : null
            }
          />
        ))
      )}
    </div>
  );
}
