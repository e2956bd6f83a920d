import { useTranslation } from 'react-i18next';
import { KeyIcon, LockIcon } from '../../../components/icons/icons';
import { MenuList } from '../../../components/menu-list';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../api/session/get-user-info';
import { DeviceSessions } from '../components/device-sessions';
import { TwoFactorCard } from '../components/two-factor-card';

export function SecurityPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const payPasswordState = user
    ? { value: user.payPasswordSet ? t('settings.payPasswordSet') : t('settings.payPasswordNotSet') }
    : {};
  return (
    <>
      <div className="section section-first">
        <MenuList
          label={t('settings.security')}
          entries={[
            { key: 'login-password', label: t('settings.loginPassword'), icon: <LockIcon />, to: paths.loginPassword },
            {
              key: 'pay-password',
              label: t('settings.payPassword'),
              icon: <KeyIcon />,
              to: paths.payPassword,
              ...payPasswordState,
            },
          ]}
        />
      </div>
      <div className="section">
        <TwoFactorCard />
      </div>
      <DeviceSessions />
    </>
  );
}
