import { Link } from '../../lib/router/router';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';

/** Who acted: a user of the back office, or the system itself (no actor). */
export function AuditActor({ id }: { id: number | null }) {
  const { t } = useAdminTranslation();
  if (id === null) return <span className="bo-muted">{t('audit.system')}</span>;
  return <Link to={adminPaths.user(id)}>{t('common.userNo', { id })}</Link>;
}
