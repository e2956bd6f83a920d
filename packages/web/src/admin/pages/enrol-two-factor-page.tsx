import { Link } from '../../lib/router/router';
import { paths } from '../../lib/paths';
import { GateCard } from '../components/gate-card';
import { useAdminTranslation } from '../i18n/use-admin-translation';

/**
 * What an admin without two-factor sign-in sees at #/admin when the server requires it of admins
 * (ADMIN_REQUIRE_TOTP): every /admin/ call would answer 403, so this says why and where to turn it on.
 */
export function EnrolTwoFactorPage({ email }: { email: string }) {
  const { t } = useAdminTranslation();
  return (
    <GateCard title={t('gate.twoFactorTitle')}>
      <p>{t('gate.twoFactorRequired', { email })}</p>
      <div className="bo-gate-actions">
        <Link className="bo-button bo-button-primary" to={paths.security}>
          {t('gate.twoFactorSetUp')}
        </Link>
      </div>
    </GateCard>
  );
}
