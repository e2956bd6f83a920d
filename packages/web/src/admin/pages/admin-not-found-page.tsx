import { Link } from '../../lib/router/router';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';

export function AdminNotFoundPage() {
  const { t } = useAdminTranslation();
  return (
    <div className="bo-state" role="alert">
      <p>{t('notFound.title')}</p>
      <Link className="bo-button" to={adminPaths.root}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
