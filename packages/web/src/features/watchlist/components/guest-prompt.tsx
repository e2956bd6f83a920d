import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { StarIcon } from '../../../components/icons/icons';
import { paths } from '../../../lib/paths';

/** A visitor has no watchlist: why to sign in, and the two ways in. */
export function GuestPrompt() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" aria-labelledby="watchlist-guest-title">
      <span className="empty-state-icon">
        <StarIcon />
      </span>
      <h2 id="watchlist-guest-title" className="empty-state-title">
        {t('watchlist.guestTitle')}
      </h2>
      <p className="empty-state-hint">{t('watchlist.guestHint')}</p>
      <div className="empty-state-actions">
        <Link className="primary-pill" to={paths.login} state={{ from: paths.watchlist }}>
          {t('auth.login')}
        </Link>
        <Link className="secondary-pill" to={paths.register}>
          {t('auth.register')}
        </Link>
      </div>
    </section>
  );
}
