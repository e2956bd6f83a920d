import { ReviewStatus } from '@tradewind/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router/router';
import { getAuditLogQueryOptions } from '../api/get-audit-log';
import { getDepositsQueryOptions } from '../api/get-deposits';
import { getKycApplicationsQueryOptions } from '../api/get-kyc-applications';
import { getPermissionsQueryOptions } from '../api/get-permissions';
import { getWithdrawalsQueryOptions } from '../api/get-withdrawals';
import { AuditActor } from '../components/audit-actor';
import { DataTable } from '../components/data-table';
import { LedgerCheck } from '../components/ledger-check';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { type AdminKey, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '../lib/format';

/** Only the total matters here; one row keeps the answer small. */
const pendingOnly = { status: ReviewStatus.Pending, pageNum: 1, pageSize: 1 } as const;

function Count({ label, to, query }: { label: AdminKey; to: string; query: UseQueryResult<number> }) {
  const { t } = useAdminTranslation();
  const count = query.data;
  return (
    <Link className={count ? 'bo-stat bo-stat-waiting' : 'bo-stat'} to={to}>
      <span className="bo-stat-label">{t(label)}</span>
      <span className="bo-stat-value" aria-live="polite">
        {query.isError ? '!' : count === undefined ? '…' : count}
      </span>
      <span className="bo-stat-link">{t('dashboard.openQueue')} →</span>
    </Link>
  );
}

/** What is waiting for a decision, and what staff did last. */
export function DashboardPage() {
  const { t } = useAdminTranslation();
  const deposits = useQuery({ ...getDepositsQueryOptions(pendingOnly), select: (page) => page.total });
  const withdrawals = useQuery({ ...getWithdrawalsQueryOptions(pendingOnly), select: (page) => page.total });
  const kyc = useQuery({ ...getKycApplicationsQueryOptions(pendingOnly), select: (page) => page.total });
  const permissions = useQuery({ ...getPermissionsQueryOptions(), select: (list) => list.length });
  const recent = useQuery(getAuditLogQueryOptions({ pageNum: 1, pageSize: 6 }));

  return (
    <section className="bo-page">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <div className="bo-stats">
        <Count label="dashboard.pendingDeposits" to={adminPaths.deposits} query={deposits} />
        <Count label="dashboard.pendingWithdrawals" to={adminPaths.withdrawals} query={withdrawals} />
        <Count label="dashboard.pendingKyc" to={adminPaths.kyc} query={kyc} />
        <Count label="dashboard.pendingPermissions" to={adminPaths.permissions} query={permissions} />
      </div>
      <LedgerCheck />
      <section className="bo-card bo-card-flush" aria-labelledby="bo-recent-title">
        <header className="bo-card-header">
          <h2 id="bo-recent-title" className="bo-section-title">
            {t('dashboard.recent')}
          </h2>
          <Link to={adminPaths.audit}>{t('dashboard.fullAudit')} →</Link>
        </header>
        <QueryView query={recent}>
          {(page) => (
            <DataTable
              caption={t('dashboard.recent')}
              rows={page.list}
              rowKey={(row) => row.id}
              empty={t('audit.empty')}
              columns={[
                { key: 'time', header: t('common.time'), render: (row) => formatDateTime(row.createTimeTimestamp) },
                { key: 'actor', header: t('audit.actor'), render: (row) => <AuditActor id={row.actorUserId} /> },
                { key: 'action', header: t('audit.action'), render: (row) => <code className="bo-code">{row.action}</code> },
                { key: 'subject', header: t('audit.subject'), render: (row) => <span className="bo-break">{row.subject}</span>, kind: 'wide' },
              ]}
            />
          )}
        </QueryView>
      </section>
    </section>
  );
}
