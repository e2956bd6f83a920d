import { Link } from '../../lib/router/router';
import { paths } from '../../lib/paths';
import { GateCard } from '../components/gate-card';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';

/**
 * What a visitor or an ordinary user sees at #/admin. The server refuses them anyway (403 on every
 * /admin/ path); this page just says so plainly instead of showing empty queues.
 */
export function AdminsOnlyPage({ email }: { email: string | null }) {
  const { t } = useAdminTranslation();
  return (
    <GateCard title={t('gate.title')}>
      {email ? (
        <>
          <p>{t('gate.notAdmin', { email })}</p>
          <p className="bo-muted">{t('gate.switchHint')}</p>
          <div className="bo-gate-actions">
            <Link className="bo-button bo-button-primary" to={paths.account}>
              {t('gate.backToApp')}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p>{t('gate.visitor')}</p>
          <div className="bo-gate-actions">
            {/* The login page honours `from` for /pages/… routes only (today it returns to the Account tab). */}
            <Link className="bo-button bo-button-primary" to={paths.login} state={{ from: adminPaths.root }}>
              {t('gate.signIn')}
            </Link>
            <Link className="bo-button" to={paths.home}>
              {t('gate.backToApp')}
            </Link>
          </div>
        </>
      )}
    </GateCard>
  );
}
