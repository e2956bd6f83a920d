import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { BrandMark } from '../../../components/brand-mark';
import { paths } from '../../../lib/paths';

/** What a visitor sees on the account tab: why to sign in, and the two ways in. */
export function GuestCard() {
  const { t } = useTranslation();
  return (
    <section className="account-hero" aria-labelledby="guest-title">
      <BrandMark size={48} />
      <h2 id="guest-title" className="account-hero-title">
        {t('account.guestTitle')}
      </h2>
      <p className="account-hero-subtitle">{t('account.guestSubtitle')}</p>
      <div className="account-hero-actions">
        <Link className="hero-button hero-button-primary" to={paths.login}>
          {t('auth.login')}
        </Link>
        <Link className="hero-button" to={paths.register}>
          {t('auth.register')}
        </Link>
      </div>
    </section>
  );
}
