import { OrderDirection } from '@tradewind/contract';
import { useState } from 'react';
import { Link, useParams } from '../../lib/router/router';
import { showSuccessToast } from '../../lib/toast';
import { useBlockUser } from '../api/block-user';
import { type UserDetail, useUserDetail } from '../api/get-user-detail';
import type { AdminUser } from '../api/get-users';
import { useUnblockUser } from '../api/unblock-user';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CorrectionForm } from '../components/correction-form';
import { CreditForm } from '../components/credit-form';
import { DataTable } from '../components/data-table';
import { FieldList } from '../components/field-list';
import { QueryView } from '../components/query-view';
import { StatusBadge } from '../components/status-badge';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { errorMessage } from '../lib/error-message';
import { formatDateTime, formatMoney, formatNumberPlain, formatSignedMoney } from '../lib/format';
import { kycStatusLabel, permissionStatusLabel } from '../lib/review-status';

function BlockButton({ user }: { user: AdminUser }) {
  const { t } = useAdminTranslation();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = user.blocked ? unblock : block;

  const run = async () => {
    setError(null);
    try {
      await mutation.mutateAsync({ id: user.id });
      setConfirming(false);
      showSuccessToast(t(user.blocked ? 'users.unblockedToast' : 'users.blockedToast'));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <>
      <button
        type="button"
        className={user.blocked ? 'bo-button' : 'bo-button bo-button-danger-outline'}
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        {t(user.blocked ? 'users.unblock' : 'users.block')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t(user.blocked ? 'users.unblockTitle' : 'users.blockTitle', { email: user.email })}
          body={<p>{t(user.blocked ? 'users.unblockBody' : 'users.blockBody')}</p>}
          confirmLabel={t(user.blocked ? 'users.unblock' : 'users.block')}
          tone={user.blocked ? 'primary' : 'danger'}
          busy={mutation.isPending}
          error={error}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

function Profile({ user }: { user: AdminUser }) {
  const { t } = useAdminTranslation();
  const kyc = kycStatusLabel(user.kycStatus);
  const trading = permissionStatusLabel(user.tradePermission);
  const blockTrade = permissionStatusLabel(user.blockTradePermission);
  return (
    <FieldList
      items={[
        [t('users.email'), user.email],
        [t('users.name'), user.name || <span className="bo-muted">{t('users.noName')}</span>],
        [t('users.role'), t(user.role === 'admin' ? 'users.roleAdmin' : 'users.roleUser')],
        [t('users.kyc'), <StatusBadge key="k" tone={kyc.tone}>{t(kyc.key)}</StatusBadge>],
        [t('users.trading'), <StatusBadge key="t" tone={trading.tone}>{t(trading.key)}</StatusBadge>],
        [t('users.blockTrade'), <StatusBadge key="b" tone={blockTrade.tone}>{t(blockTrade.key)}</StatusBadge>],
        [t('users.account'), <StatusBadge key="a" tone={user.blocked ? 'bad' : 'good'}>{t(user.blocked ? 'users.blocked' : 'users.active')}</StatusBadge>],
        [t('users.joined'), formatDateTime(user.createTimeTimestamp)],
      ]}
    />
  );
}

/** The user's open positions as the server last marked them. */
function OpenPositionsSection({ positions }: { positions: UserDetail['positions'] }) {
  const { t } = useAdminTranslation();
  return (
  <section className="bo-card bo-card-flush" aria-labelledby="bo-positions-title">
    <header className="bo-card-header">
      <h2 id="bo-positions-title" className="bo-section-title">
        {t('users.positions')}
      </h2>
    </header>
    <DataTable
      caption={t('users.positions')}
      rows={positions.filter((position) => position.status === 'open')}
      rowKey={(row) => row.id}
      empty={t('users.noPositions')}
      columns={[
        {
          key: 'instrument',
          header: t('users.instrument'),
          kind: 'wide',
          render: (row) => (
            <span className="bo-stack">
              <strong>{row.stockCode}</strong>
              <span className="bo-muted">{row.name}</span>
            </span>
          ),
        },
        { key: 'side', header: t('users.direction'), render: (row) => t(row.direction === OrderDirection.Sell ? 'users.sell' : 'users.buy') },
        { key: 'quantity', header: t('users.quantity'), render: (row) => formatNumberPlain(row.positionNum), kind: 'num' },
        { key: 'open', header: t('users.openPrice'), render: (row) => formatNumberPlain(row.openPrice), kind: 'num' },
        { key: 'now', header: t('users.nowPrice'), render: (row) => formatNumberPlain(row.nowPrice), kind: 'num' },
        {
          key: 'profit',
          header: t('users.profit'),
          kind: 'num',
          render: (row) => <span className={row.profit < 0 ? 'bo-negative' : 'bo-positive'}>{formatSignedMoney(row.profit, row.currency)}</span>,
        },
      ]}
    />
  </section>
  );
}

function Sections({ detail }: { detail: UserDetail }) {
  const { t } = useAdminTranslation();
  const { user, wallets, postings, positions, sessions } = detail;
  return (
    <>
      <div className="bo-grid-2">
        <section className="bo-card" aria-labelledby="bo-profile-title">
          <h2 id="bo-profile-title" className="bo-section-title">
            {t('users.detailTitle', { id: user.id })}
          </h2>
          <Profile user={user} />
        </section>
        <section className="bo-card">
          <CreditForm user={user} />
        </section>
        <section className="bo-card">
          <CorrectionForm user={user} />
        </section>
      </div>

      <section className="bo-card bo-card-flush" aria-labelledby="bo-wallets-title">
        <header className="bo-card-header">
          <h2 id="bo-wallets-title" className="bo-section-title">
            {t('users.wallets')}
          </h2>
          <span className="bo-muted">{t('users.totalUsd', { amount: formatMoney(wallets.totalUsd, 'USD') })}</span>
        </header>
        <DataTable
          caption={t('users.wallets')}
          rows={wallets.wallets}
          rowKey={(row) => `${row.walletType}-${row.currency}`}
          empty={t('common.empty')}
          columns={[
            { key: 'wallet', header: t('users.wallet'), render: (row) => t(`walletTypes.${row.walletType}`), kind: 'wide' },
            { key: 'currency', header: t('common.currency'), render: (row) => row.currency },
            { key: 'balance', header: t('users.balance'), render: (row) => formatMoney(row.balance, row.currency), kind: 'num' },
            { key: 'available', header: t('users.available'), render: (row) => formatMoney(row.available, row.currency), kind: 'num' },
            { key: 'frozen', header: t('users.frozen'), render: (row) => formatMoney(row.frozen, row.currency), kind: 'num' },
          ]}
        />
      </section>

      <section className="bo-card bo-card-flush" aria-labelledby="bo-postings-title">
        <header className="bo-card-header">
          <h2 id="bo-postings-title" className="bo-section-title">
            {t('users.postings')}
          </h2>
        </header>
        <DataTable
          caption={t('users.postings')}
          rows={postings.list}
          rowKey={(row) => row.id}
          empty={t('users.noPostings')}
          columns={[
            { key: 'time', header: t('common.time'), render: (row) => formatDateTime(row.createTimeTimestamp) },
            { key: 'wallet', header: t('users.wallet'), render: (row) => t(`walletTypes.${row.walletType}`) },
            { key: 'kind', header: t('users.kind'), render: (row) => <code>{row.kind}</code> },
            { key: 'memo', header: t('users.memo'), render: (row) => row.memo || row.referenceType || t('common.none'), kind: 'wide' },
            {
              key: 'amount',
              header: t('common.amount'),
              kind: 'num',
              render: (row) => <span className={row.amount < 0 ? 'bo-negative' : 'bo-positive'}>{formatSignedMoney(row.amount, row.currency)}</span>,
            },
          ]}
        />
      </section>

      <OpenPositionsSection positions={positions} />

      <section className="bo-card bo-card-flush" aria-labelledby="bo-sessions-title">
        <header className="bo-card-header">
          <h2 id="bo-sessions-title" className="bo-section-title">
            {t('users.sessions')}
          </h2>
        </header>
        <DataTable
          caption={t('users.sessions')}
          rows={sessions}
          rowKey={(row) => row.id}
          empty={t('users.noSessions')}
          columns={[
            { key: 'ip', header: t('users.ip'), render: (row) => <code>{row.ip ?? t('common.none')}</code> },
            { key: 'device', header: t('users.device'), render: (row) => <span className="bo-break">{row.userAgent ?? t('common.none')}</span>, kind: 'wide' },
            { key: 'created', header: t('users.signedIn'), render: (row) => formatDateTime(row.createTimeTimestamp) },
            { key: 'expires', header: t('users.expires'), render: (row) => formatDateTime(row.expireTimeTimestamp) },
          ]}
        />
      </section>
    </>
  );
}

/** One user: profile and status, block or unblock, manual credit, money, positions and sessions. */
export function UserDetailPage() {
  const { t } = useAdminTranslation();
  const id = Number(useParams().id);
  const query = useUserDetail(id);
  const user = query.data?.user;
  return (
    <section className="bo-page">
      <Link className="bo-back" to={adminPaths.users}>
        ← {t('users.back')}
      </Link>
      <header className="bo-page-header">
        <div>
          <h1 className="bo-page-title">{user?.email ?? t('users.detailTitle', { id })}</h1>
          {user ? <p className="bo-page-subtitle">{t('users.detailTitle', { id: user.id })}</p> : null}
        </div>
        {user && user.role !== 'admin' ? (
          <div className="bo-page-actions">
            <BlockButton user={user} />
          </div>
        ) : null}
      </header>
      <QueryView query={query}>{(detail) => <Sections detail={detail} />}</QueryView>
    </section>
  );
}
