import './admin.css';
import { Route, Routes } from '../lib/router/router';
import { i18n } from '../i18n/i18n';
import { useUserInfo } from '../api/session/get-user-info';
import { useTwoFactorStatus } from '../api/session/two-factor-status';
import { useSession } from '../lib/session/use-session';
import { AdminLayout } from './components/admin-layout';
import { registerAdminTranslations } from './i18n/resources';
import { useAdminTranslation } from './i18n/use-admin-translation';
import { AdminNotFoundPage } from './pages/admin-not-found-page';
import { AgenciesPage } from './pages/agencies-page';
import { AppVersionPage } from './pages/app-version-page';
import { ArticlesPage } from './pages/articles-page';
import { AdminsOnlyPage } from './pages/admins-only-page';
import { EnrolTwoFactorPage } from './pages/enrol-two-factor-page';
import { AuditPage } from './pages/audit-page';
import { BlockOffersPage } from './pages/block-offers-page';
import { ChatConsolePage } from './pages/chat-console-page';
import { DashboardPage } from './pages/dashboard-page';
import { DepositsPage } from './pages/deposits-page';
import { IposPage } from './pages/ipos-page';
import { KycPage } from './pages/kyc-page';
import { MessagesPage } from './pages/messages-page';
import { OutboxPage } from './pages/outbox-page';
import { PermissionsPage } from './pages/permissions-page';
import { UserDetailPage } from './pages/user-detail-page';
import { UsersPage } from './pages/users-page';
import { WithdrawalsPage } from './pages/withdrawals-page';

// The `admin` texts arrive with this chunk; the app's own bundle never carries them.
registerAdminTranslations(i18n);

function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="deposits" element={<DepositsPage />} />
      <Route path="withdrawals" element={<WithdrawalsPage />} />
      <Route path="kyc" element={<KycPage />} />
      <Route path="permissions" element={<PermissionsPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="users/:id" element={<UserDetailPage />} />
      <Route path="agencies" element={<AgenciesPage />} />
      <Route path="ipos" element={<IposPage />} />
      <Route path="block-offers" element={<BlockOffersPage />} />
      <Route path="articles" element={<ArticlesPage />} />
      <Route path="chat" element={<ChatConsolePage />} />
      <Route path="messages" element={<MessagesPage />} />
      <Route path="app-version" element={<AppVersionPage />} />
      <Route path="outbox" element={<OutboxPage />} />
      <Route path="audit" element={<AuditPage />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}

/**
 * The back office at `#/admin` (DESIGN §8): staff only. The role comes from the session's user,
 * refreshed from the server; the server refuses every /admin/ call to anyone else regardless.
 */
export function AdminApp() {
  const { t } = useAdminTranslation();
  const { token } = useSession();
  const userInfo = useUserInfo();
  const user = userInfo.data;
  const twoFactor = useTwoFactorStatus(user?.role === 'admin');

  if (!token) return <AdminsOnlyPage email={null} />;
  if (!user) {
    if (userInfo.isError) {
      return (
        <main className="bo-gate">
          <div className="bo-state" role="alert">
            <p>{userInfo.error.message}</p>
            <button type="button" className="bo-button" onClick={() => void userInfo.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        </main>
      );
    }
    return (
      <main className="bo-gate">
        <p role="status">{t('gate.checking')}</p>
      </main>
    );
  }
  if (user.role !== 'admin') return <AdminsOnlyPage email={user.email} />;
  // With ADMIN_REQUIRE_TOTP the server refuses every /admin/ call until the admin has two-factor sign-in.
  if (twoFactor.isPending) {
    return (
      <main className="bo-gate">
        <p role="status">{t('gate.checking')}</p>
      </main>
    );
  }
  if (twoFactor.data?.requiredForRole && !twoFactor.data.enabled) return <EnrolTwoFactorPage email={user.email} />;
  return (
    <AdminLayout email={user.email}>
      <AdminRoutes />
    </AdminLayout>
  );
}
