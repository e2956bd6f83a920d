import { type KycApplication, ReviewStatus } from '@tradewind/contract';
import { Link } from '../../lib/router/router';
import { useApproveKyc } from '../api/approve-kyc';
import { useKycApplications } from '../api/get-kyc-applications';
import { useRejectKyc } from '../api/reject-kyc';
import type { Column } from '../components/data-table';
import { ApplicantName } from '../components/applicant-name';
import { FieldList } from '../components/field-list';
import { ProtectedImage } from '../components/protected-image';
import { QueuePage } from '../components/queue-page';
import { ReviewActions } from '../components/review-actions';
import { StatusBadge } from '../components/status-badge';
import { type AdminT, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '../lib/format';
import { reviewStatusLabel } from '../lib/review-status';
import { useQueueSearch } from '../lib/use-queue-search';

function Status({ status }: { status: number }) {
  const { t } = useAdminTranslation();
  const { key, tone } = reviewStatusLabel(status);
  return <StatusBadge tone={tone}>{t(key)}</StatusBadge>;
}

const fullName = (row: KycApplication) => `${row.firstName} ${row.lastName}`;

function columns(t: AdminT): Column<KycApplication>[] {
  return [
    { key: 'id', header: t('common.id'), render: (row) => `#${row.id}` },
    { key: 'user', header: t('common.user'), render: (row) => <ApplicantName userId={row.userId} applicant={row.applicant} />, kind: 'wrap' },
    { key: 'name', header: t('kyc.name'), render: fullName, kind: 'wide' },
    { key: 'country', header: t('kyc.country'), render: (row) => row.country },
    { key: 'document', header: t('kyc.documentType'), render: (row) => t(row.documentType === 'passport' ? 'kyc.passport' : 'kyc.idcard') },
    { key: 'status', header: t('common.status'), render: (row) => <Status status={row.status} /> },
    { key: 'created', header: t('common.created'), render: (row) => formatDateTime(row.createTimeTimestamp) },
  ];
}

function KycDetail({ application, onDone }: { application: KycApplication; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const approve = useApproveKyc();
  const reject = useRejectKyc();
  const name = fullName(application);
  return (
    <div className="bo-detail">
      <FieldList
        items={[
          [t('common.status'), <Status key="s" status={application.status} />],
          [t('common.user'), <Link key="u" to={adminPaths.user(application.userId)}><ApplicantName userId={application.userId} applicant={application.applicant} /></Link>],
          [t('kyc.name'), <strong key="n">{name}</strong>],
          [t('kyc.country'), application.country],
          [t('kyc.documentType'), t(application.documentType === 'passport' ? 'kyc.passport' : 'kyc.idcard')],
          [t('kyc.documentNumber'), <code key="d">{application.documentNumber}</code>],
          [t('common.created'), formatDateTime(application.createTimeTimestamp)],
          ...(application.reviewTimeTimestamp ? [[t('common.reviewed'), formatDateTime(application.reviewTimeTimestamp)] as const] : []),
          ...(application.reason ? [[t('common.reason'), application.reason] as const] : []),
        ]}
      />
      <div className="bo-image-pair">
        <ProtectedImage url={application.frontUrl} label={t('kyc.front')} />
        {application.backUrl ? (
          <ProtectedImage url={application.backUrl} label={t('kyc.back')} />
        ) : (
          <p className="bo-hint bo-image-missing">{t('kyc.noBack')}</p>
        )}
      </div>
      {application.status === ReviewStatus.Pending ? (
        <ReviewActions
          onDone={onDone}
          approve={{
            label: t('kyc.verify'),
            title: t('kyc.approveTitle', { name }),
            body: <p>{t('kyc.approveBody')}</p>,
            run: () => approve.mutateAsync({ id: application.id }),
            doneMessage: t('kyc.verifiedToast'),
          }}
          reject={{
            label: t('common.reject'),
            title: t('kyc.rejectTitle', { name }),
            body: <p>{t('kyc.rejectBody')}</p>,
            run: (reason) => reject.mutateAsync({ id: application.id, reason }),
            doneMessage: t('review.rejectedToast'),
          }}
        />
      ) : null}
    </div>
  );
}

/** Identity applications: both sides of the document next to each other, then the decision. */
export function KycPage() {
  const { t } = useAdminTranslation();
  const search = useQueueSearch();
  const query = useKycApplications(search.queueParams);
  return (
    <QueuePage
      title={t('kyc.title')}
      search={search}
      query={query}
      columns={columns(t)}
      recordTitle={(row) => t('kyc.detailTitle', { id: row.id })}
      detail={(row, close) => <KycDetail key={row.id} application={row} onDone={close} />}
    />
  );
}
