import { ReviewStatus, WithdrawalStatus, type Withdrawal } from '@tradewind/contract';
import { Link } from '../../lib/router/router';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { useRejectWithdrawal } from '../api/reject-withdrawal';
import type { Column } from '../components/data-table';
import { ApplicantName } from '../components/applicant-name';
import { FieldList } from '../components/field-list';
import { PayoutDestination } from '../components/payout-destination';
import { QueuePage } from '../components/queue-page';
import { ReviewActions } from '../components/review-actions';
import { StatusBadge } from '../components/status-badge';
import { type AdminT, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime, formatMoney } from '../lib/format';
import { reviewStatusLabel } from '../lib/review-status';
import { useQueueSearch } from '../lib/use-queue-search';

function Status({ status }: { status: number }) {
  const { t } = useAdminTranslation();
  if (status === WithdrawalStatus.Cancelled) return <StatusBadge tone="neutral">{t('desk.cancelled')}</StatusBadge>;
  const { key, tone } = reviewStatusLabel(status);
  return <StatusBadge tone={tone}>{t(key)}</StatusBadge>;
}

function columns(t: AdminT): Column<Withdrawal>[] {
  return [
    { key: 'id', header: t('common.id'), render: (row) => `#${row.id}` },
    { key: 'user', header: t('common.user'), render: (row) => <ApplicantName userId={row.userId} applicant={row.applicant} />, kind: 'wrap' },
    { key: 'destination', header: t('withdrawals.destination'), render: (row) => row.destination, kind: 'wide' },
    { key: 'amount', header: t('common.amount'), render: (row) => formatMoney(row.amount, row.currency), kind: 'num' },
    { key: 'status', header: t('common.status'), render: (row) => <Status status={row.status} /> },
    { key: 'created', header: t('common.created'), render: (row) => formatDateTime(row.createTimeTimestamp) },
  ];
}

function WithdrawalDetail({ withdrawal, onDone }: { withdrawal: Withdrawal; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const amount = formatMoney(withdrawal.amount, withdrawal.currency);
  return (
    <div className="bo-detail">
      <FieldList
        items={[
          [t('common.status'), <Status key="s" status={withdrawal.status} />],
          [t('common.user'), <Link key="u" to={adminPaths.user(withdrawal.userId)}><ApplicantName userId={withdrawal.userId} applicant={withdrawal.applicant} /></Link>],
          [t('common.amount'), <strong key="a">{amount}</strong>],
          [t('withdrawals.destination'), withdrawal.destination],
          [t('common.created'), formatDateTime(withdrawal.createTimeTimestamp)],
          ...(withdrawal.reviewTimeTimestamp ? [[t('common.reviewed'), formatDateTime(withdrawal.reviewTimeTimestamp)] as const] : []),
          ...(withdrawal.reason ? [[t('common.reason'), withdrawal.reason] as const] : []),
        ]}
      />
      {withdrawal.status === ReviewStatus.Pending ? <PayoutDestination withdrawalId={withdrawal.id} /> : null}
      {withdrawal.status === ReviewStatus.Pending ? (
        <ReviewActions
          onDone={onDone}
          approve={{
            label: t('withdrawals.payOut'),
            title: t('withdrawals.approveTitle', { id: withdrawal.id }),
            body: <p>{t('withdrawals.approveBody', { amount, userId: withdrawal.userId, destination: withdrawal.destination })}</p>,
            run: () => approve.mutateAsync({ id: withdrawal.id }),
            doneMessage: t('withdrawals.paidToast'),
          }}
          reject={{
            label: t('common.reject'),
            title: t('withdrawals.rejectTitle', { id: withdrawal.id }),
            body: <p>{t('withdrawals.rejectBody')}</p>,
            run: (reason) => reject.mutateAsync({ id: withdrawal.id, reason }),
            doneMessage: t('review.rejectedToast'),
          }}
        />
      ) : null}
    </div>
  );
}

/** The withdrawal queue: paying out captures the hold, refusing releases it. */
export function WithdrawalsPage() {
  const { t } = useAdminTranslation();
  const search = useQueueSearch();
  const query = useWithdrawals(search.queueParams);
  return (
    <QueuePage
      title={t('withdrawals.title')}
      search={search}
      query={query}
      columns={columns(t)}
      recordTitle={(row) => t('withdrawals.detailTitle', { id: row.id })}
      detail={(row, close) => <WithdrawalDetail key={row.id} withdrawal={row} onDone={close} />}
    />
  );
}
