import { DEPOSIT_CONFIRMATIONS, type Deposit, ReviewStatus } from '@tradewind/contract';
import { useId, useState } from 'react';
import { Link } from '../../lib/router/router';
import { useApproveDeposit } from '../api/approve-deposit';
import { useCryptoChannelIds } from '../api/get-deposit-channels';
import { useDeposits } from '../api/get-deposits';
import { useRejectDeposit } from '../api/reject-deposit';
import type { Column } from '../components/data-table';
import { ApplicantName } from '../components/applicant-name';
import { FieldList } from '../components/field-list';
import { ProtectedImage } from '../components/protected-image';
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
  const { key, tone } = reviewStatusLabel(status);
  return <StatusBadge tone={tone}>{t(key)}</StatusBadge>;
}

function columns(t: AdminT): Column<Deposit>[] {
  return [
    { key: 'id', header: t('common.id'), render: (row) => `#${row.id}` },
    { key: 'user', header: t('common.user'), render: (row) => <ApplicantName userId={row.userId} applicant={row.applicant} />, kind: 'wrap' },
    { key: 'channel', header: t('deposits.channel'), render: (row) => row.channelName, kind: 'wide' },
    { key: 'amount', header: t('common.amount'), render: (row) => formatMoney(row.amount, row.currency), kind: 'num' },
    { key: 'status', header: t('common.status'), render: (row) => <Status status={row.status} /> },
    { key: 'created', header: t('common.created'), render: (row) => formatDateTime(row.createTimeTimestamp) },
  ];
}

function DepositDetail({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const crypto = useCryptoChannelIds().includes(deposit.channelId);
  const confirmationsId = useId();
  const [confirmations, setConfirmations] = useState('');
  const [confirmationsProblem, setConfirmationsProblem] = useState<string | null>(null);
  const amount = formatMoney(deposit.amount, deposit.currency);

  const validConfirmations = () => {
    if (!crypto) return true;
    const value = Number(confirmations.trim());
    const ok = /^\d+$/.test(confirmations.trim()) && value >= DEPOSIT_CONFIRMATIONS;
    setConfirmationsProblem(ok ? null : t('deposits.confirmationsInvalid', { min: DEPOSIT_CONFIRMATIONS }));
    return ok;
  };

  return (
    <div className="bo-detail">
      <FieldList
        items={[
          [t('common.status'), <Status key="s" status={deposit.status} />],
          [t('common.user'), <Link key="u" to={adminPaths.user(deposit.userId)}><ApplicantName userId={deposit.userId} applicant={deposit.applicant} /></Link>],
          [t('common.amount'), <strong key="a">{amount}</strong>],
          [t('deposits.channel'), deposit.channelName],
          [t('common.created'), formatDateTime(deposit.createTimeTimestamp)],
          ...(crypto || deposit.confirmations > 0 ? [[t('deposits.confirmations'), String(deposit.confirmations)] as const] : []),
          ...(deposit.reviewTimeTimestamp ? [[t('common.reviewed'), formatDateTime(deposit.reviewTimeTimestamp)] as const] : []),
          ...(deposit.reason ? [[t('common.reason'), deposit.reason] as const] : []),
        ]}
      />
      <ProtectedImage url={deposit.credentialUrl} label={t('deposits.credential')} />
      {deposit.status === ReviewStatus.Pending ? (
        <ReviewActions
          onDone={onDone}
          approve={{
            label: t('common.approve'),
            title: t('deposits.approveTitle', { id: deposit.id }),
            body: <p>{t('deposits.approveBody', { amount, userId: deposit.userId })}</p>,
            validate: validConfirmations,
            fields: crypto ? (
              <div className="bo-field">
                <label className="bo-label" htmlFor={confirmationsId}>
                  {t('deposits.confirmationsLabel')}
                </label>
                <input
                  id={confirmationsId}
                  className="bo-input bo-input-short"
                  inputMode="numeric"
                  value={confirmations}
                  data-autofocus
                  aria-invalid={confirmationsProblem ? true : undefined}
                  aria-describedby={`${confirmationsId}-hint`}
                  onChange={(event) => setConfirmations(event.target.value)}
                />
                <p id={`${confirmationsId}-hint`} className={confirmationsProblem ? 'bo-field-error' : 'bo-hint'} role={confirmationsProblem ? 'alert' : undefined}>
                  {confirmationsProblem ?? t('deposits.confirmationsHint', { min: DEPOSIT_CONFIRMATIONS })}
                </p>
              </div>
            ) : undefined,
            run: () => approve.mutateAsync({ id: deposit.id, ...(crypto ? { confirmations: Number(confirmations.trim()) } : {}) }),
            doneMessage: t('review.approvedToast'),
          }}
          reject={{
            label: t('common.reject'),
            title: t('deposits.rejectTitle', { id: deposit.id }),
            body: <p>{t('deposits.rejectBody')}</p>,
            run: (reason) => reject.mutateAsync({ id: deposit.id, reason }),
            doneMessage: t('review.rejectedToast'),
          }}
        />
      ) : null}
    </div>
  );
}

/** The deposit queue: pending first; a row opens the proof of payment and the decision. */
export function DepositsPage() {
  const { t } = useAdminTranslation();
  const search = useQueueSearch();
  const query = useDeposits(search.queueParams);
  return (
    <QueuePage
      title={t('deposits.title')}
      search={search}
      query={query}
      columns={columns(t)}
      recordTitle={(row) => t('deposits.detailTitle', { id: row.id })}
      detail={(row, close) => <DepositDetail key={row.id} deposit={row} onDone={close} />}
    />
  );
}
