import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { StarIcon } from '../../../components/icons/icons';
import { paths } from '../../../lib/paths';

/** Nothing watched yet: how to add, and the way to the Market. */
export function EmptyWatchlist() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" aria-labelledby="watchlist-empty-title">
      <span className="empty-state-icon">
        <StarIcon />
      </span>
      <h2 id="watchlist-empty-title" className="empty-state-title">
        {t('watchlist.empty')}
      </h2>
      <p className="empty-state-hint">{t('watchlist.emptyHint')}</p>
      <Link className="primary-pill" to={paths.market}>
        {t('watchlist.browseMarket')}
      </Link>
    </section>
  );
}
