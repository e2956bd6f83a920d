import '../ipo.css';
import type { IpoOffering } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { SegmentedControl } from '../../../components/segmented-control';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useIpoOfferings } from '../api/get-ipo-offerings';
import { useIpoSubscriptions } from '../api/get-ipo-subscriptions';
import { OfferingCard } from '../components/offering-card';
import { SubscriptionCard } from '../components/subscription-card';

const sections = ['offerings', 'mine'] as const;
type Section = (typeof sections)[number];

/** The subscribe page's address for an offering: SPEC §2 order-page parameters, and the offering's id. */
export function subscribePath(offering: IpoOffering): string {
  const query = new URLSearchParams({ name: offering.name, code: offering.stockCode, source: String(offering.source), id: String(offering.id) });
  return `${paths.orderNewStock}?${query.toString()}`;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="page-status" role="status">
      <span className="page-status-text">{t('common.loading')}</span>
    </div>
  );
}

function OfferingsPanel() {
  const { t } = useTranslation();
  const offerings = useIpoOfferings();
  if (offerings.isError && !offerings.data) return <LoadError onRetry={() => void offerings.refetch()} />;
  if (!offerings.data) return <Loading />;
  if (offerings.data.length === 0) return <p className="list-empty">{t('ipo.empty')}</p>;
  return offerings.data.map((offering) => (
    <OfferingCard key={offering.id} offering={offering} subscribeTo={offering.status === 'open' ? subscribePath(offering) : undefined} />
  ));
}

function SubscriptionsPanel() {
  const { t } = useTranslation();
  const { token } = useSession();
  const subscriptions = useIpoSubscriptions(token !== null);
  if (!token) {
    return (
      <section className="card notice-card" role="note">
        <p className="notice-text">{t('ipo.loginToSee')}</p>
        <Link className="primary-pill notice-action" to={paths.login}>
          {t('pages.login')}
        </Link>
      </section>
    );
  }
  if (subscriptions.isError && !subscriptions.data) return <LoadError onRetry={() => void subscriptions.refetch()} />;
  if (!subscriptions.data) return <Loading />;
  if (subscriptions.data.list.length === 0) return <p className="list-empty">{t('ipo.noSubscriptions')}</p>;
  return subscriptions.data.list.map((subscription) => <SubscriptionCard key={subscription.id} subscription={subscription} />);
}

/** `/pages/product/newstock`: the IPO list (SPEC §7, one page), and the user's subscriptions with their status. */
export function NewStockPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const section: Section = search.get('tab') === 'mine' ? 'mine' : 'offerings';
  return (
    <div className="order-page">
      <p className="section-hint">{t('ipo.notice')}</p>
      <SegmentedControl
        label={t('ipo.sections')}
        options={sections.map((value) => ({ value, label: t(`ipo.section.${value}`) }))}
        value={section}
        onChange={(next) => setSearch(next === 'mine' ? { tab: next } : {}, { replace: true })}
        className="segmented-tabs"
      />
      {section === 'offerings' ? <OfferingsPanel /> : <SubscriptionsPanel />}
    </div>
  );
}
