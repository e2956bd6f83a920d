import { Link } from '../../lib/router/router';
import { useApprovePermission } from '../api/approve-permission';
import { type PermissionApplication, usePermissions } from '../api/get-permissions';
import { useRejectPermission } from '../api/reject-permission';
import { DataTable } from '../components/data-table';
import { ApplicantName } from '../components/applicant-name';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { ReviewActions } from '../components/review-actions';
import { StatusBadge } from '../components/status-badge';
import { type AdminT, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { permissionStatusLabel } from '../lib/review-status';

const kindName = (t: AdminT, kind: PermissionApplication['kind']) => t(kind === 'trading' ? 'permissions.trading' : 'permissions.blockTrade');

function PermissionActions({ application }: { application: PermissionApplication }) {
  const { t } = useAdminTranslation();
  const approve = useApprovePermission();
  const reject = useRejectPermission();
  const values = { kind: kindName(t, application.kind), email: application.email };
  return (
    <ReviewActions
      approve={{
        label: t('permissions.grant'),
        title: t('permissions.approveTitle', values),
        body: <p>{t('permissions.approveBody')}</p>,
        run: () => approve.mutateAsync({ userId: application.userId, kind: application.kind }),
        doneMessage: t('permissions.grantedToast'),
      }}
      reject={{
        label: t('permissions.refuse'),
        title: t('permissions.rejectTitle', values),
        body: <p>{t('permissions.rejectBody')}</p>,
        run: (reason) => reject.mutateAsync({ userId: application.userId, kind: application.kind, reason }),
        doneMessage: t('review.rejectedToast'),
      }}
    />
  );
}

/** Trading and block-trading applications under review; decided in place. */
export function PermissionsPage() {
  const { t } = useAdminTranslation();
  const query = usePermissions();
  return (
    <section className="bo-page">
      <PageHeader
        title={t('permissions.title')}
        subtitle={t('permissions.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common.refresh')}
          </button>
        }
      />
      <QueryView query={query}>
        {(list) => (
          <div className="bo-card bo-card-flush">
            <DataTable
              caption={t('permissions.title')}
              rows={list}
              rowKey={(row) => `${row.userId}-${row.kind}`}
              empty={t('permissions.empty')}
              columns={[
                { key: 'user', header: t('common.user'), render: (row) => <Link to={adminPaths.user(row.userId)}><ApplicantName userId={row.userId} applicant={{ email: row.email, name: row.name ?? '' }} /></Link>, kind: 'wide' },
                { key: 'kind', header: t('permissions.kind'), render: (row) => kindName(t, row.kind) },
                {
                  key: 'status',
                  header: t('common.status'),
                  render: (row) => {
                    const { key, tone } = permissionStatusLabel(row.status);
                    return <StatusBadge tone={tone}>{t(key)}</StatusBadge>;
                  },
                },
                { key: 'actions', header: t('common.actions'), render: (row) => <PermissionActions application={row} /> },
              ]}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
