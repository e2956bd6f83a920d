import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type MenuEntry, MenuList } from '../../../components/menu-list';
import { BellIcon, CardIcon, ClockIcon, HeadsetIcon, IdCardIcon, ListIcon, LogoutIcon, MailIcon, SettingsIcon, ShareIcon, ShieldIcon } from '../../../components/icons/icons';
import { useAppNavigate } from '../../../lib/navigation';
import { useUnreadCount } from '../../../api/inbox/unread-count';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../api/session/get-user-info';
import { useSession } from '../../../lib/session/use-session';
import { showSuccessToast } from '../../../lib/toast';
import { useLogout } from '../api/logout';
import { AccountTotals } from '../components/account-totals';
import { BuyingPowerCard } from '../components/buying-power-card';
import { GuestCard } from '../components/guest-card';
import { kycStatusKey } from '../components/kyc-status-label';
import { QuickActions } from '../components/quick-actions';
import { UserCard } from '../components/user-card';
import { EquityChart } from '../../../components/equity-chart/equity-chart';
import { ValuationSourceLabel } from '../../../components/quote/valuation-source-label';

/** The Account tab: sign-in for visitors; profile, money shortcuts, services and log out for users. */
export function AccountPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: user } = useUserInfo();
  const logout = useLogout();
  const unread = useUnreadCount().data ?? 0;
  const navigate = useAppNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const onLogout = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        setConfirmingLogout(false);
        showSuccessToast(t('account.logoutDone'));
        navigate(paths.login, { replace: true });
      },
    });
  };

  const header = (
    <header className="tab-page-header">
      <h1 className="tab-page-title">{t('tabs.account')}</h1>
    </header>
  );

  if (!token) {
    return (
      <>
        {header}
        <div className="section">
          <GuestCard />
        </div>
        <h2 className="section-title">{t('account.settings')}</h2>
        <div className="section">
          <MenuList
            label={t('account.settings')}
            entries={[
              { key: 'service', label: t('chat.entry'), icon: <HeadsetIcon />, to: paths.service },
              { key: 'settings', label: t('account.settings'), icon: <SettingsIcon />, to: paths.settings },
            ]}
          />
        </div>
      </>
    );
  }

  const services: MenuEntry[] = [
    {
      key: 'messages',
      label: t('account.messages'),
      icon: <MailIcon />,
      to: paths.notices,
      ...(unread > 0 ? { value: t('account.unreadMessages', { count: unread }) } : {}),
    },
    { key: 'share', label: t('account.share'), icon: <ShareIcon />, to: paths.share },
    { key: 'statement', label: t('account.statement'), icon: <ListIcon />, to: paths.statement },
    { key: 'alerts', label: t('account.alerts'), icon: <BellIcon />, to: paths.alerts },
    { key: 'recurring', label: t('account.recurring'), icon: <ClockIcon />, to: paths.recurring },
    {
      key: 'kyc',
      label: t('account.verifyIdentity'),
      icon: <IdCardIcon />,
      to: paths.kyc,
      ...(user ? { value: t(kycStatusKey(user.kycStatus)) } : {}),
    },
    { key: 'bank-cards', label: t('account.bankCards'), icon: <CardIcon />, to: paths.bankCards },
    { key: 'security', label: t('account.security'), icon: <ShieldIcon />, to: paths.security },
    { key: 'service', label: t('chat.entry'), icon: <HeadsetIcon />, to: paths.service },
    { key: 'settings', label: t('account.settings'), icon: <SettingsIcon />, to: paths.settings },
  ];

  return (
    <>
      {header}
      <div className="section">
        {user ? <UserCard user={user} /> : <div className="account-hero account-hero-placeholder" aria-busy="true" />}
      </div>
      <div className="section">
        <AccountTotals />
        <ValuationSourceLabel />
        <EquityChart />
      </div>
      <div className="section">
        <BuyingPowerCard />
      </div>
      <div className="section">
        <QuickActions />
      </div>
      <h2 className="section-title">{t('account.services')}</h2>
      <div className="section">
        <MenuList label={t('account.services')} entries={services} />
      </div>
      <button type="button" className="logout-button" onClick={() => setConfirmingLogout(true)} disabled={logout.isPending}>
        <LogoutIcon aria-hidden="true" /> {t('account.logout')}
      </button>
      <ConfirmDialog
        visible={confirmingLogout}
        title={t('account.logoutConfirmTitle')}
        confirmText={t('account.logout')}
        busy={logout.isPending}
        onConfirm={onLogout}
        onCancel={() => setConfirmingLogout(false)}
      >
        {t('account.logoutConfirmBody')}
      </ConfirmDialog>
    </>
  );
}
