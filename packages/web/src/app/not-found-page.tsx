import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router/router';
import { paths } from '../lib/paths';

/** SPEC §8's "The URL does not exist", for any hash path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page-status">
      <p className="page-status-text">{t('common.urlNotFound')}</p>
      <Link className="text-button" to={paths.home} replace>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
