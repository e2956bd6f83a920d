import type { Deposit, Withdrawal } from '@tradewind/contract';
import { ReviewStatus, WithdrawalStatus } from '@tradewind/contract';
import { useState } from 'react';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-number';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { PrivateImage } from './private-image';
import { ReviewBadge } from './review-badge';
import { WithdrawalCancel } from './withdrawal-cancel';

function Reason({ reason }: { reason: string | null }) {
  const { t } = useFundingTranslation();
  return <p className="fd-reason">{t('records.reason', { reason: reason || t('records.noReason') })}</p>;
}

/** One deposit: channel, amount, review status (with the reason of a refusal) and its screenshot on demand. */
export function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useFundingTranslation();
  const [showCredential, setShowCredential] = useState(false);
  return (
    <li className="fd-record" data-deposit-id={deposit.id}>
      <div className="fd-record-head">
        <div className="fd-record-main">
          <p className="fd-record-title">{deposit.channelName}</p>
          <p className="fd-record-meta">
            <ReviewBadge status={deposit.status} />
            <span className="row-time">{formatDate(deposit.createTimeTimestamp, DateFormat.dateTime)}</span>
          </p>
        </div>
        <span className={`fd-record-amount tabular${deposit.status === ReviewStatus.Passed ? ' trend-rise' : ''}`} data-testid="record-amount">
          +{formatMoney(deposit.amount, deposit.currency)}
        </span>
      </div>
      {deposit.status === ReviewStatus.Failed ? <Reason reason={deposit.reason} /> : null}
      {deposit.credentialUrl ? (
        <div className="fd-record-extra">
          <button type="button" className="fd-link-button" aria-expanded={showCredential} onClick={() => setShowCredential((shown) => !shown)}>
            {showCredential ? t('records.hideCredential') : t('records.showCredential')}
          </button>
          {showCredential ? <PrivateImage url={deposit.credentialUrl} label={t('deposit.credential')} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** One withdrawal: where to, amount, review status (and why it was refused); a pending one can be cancelled. */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useFundingTranslation();
  const amount = formatMoney(withdrawal.amount, withdrawal.currency);
  // A refused or cancelled withdrawal never left: its money went back to the balance, so no minus.
  const returned = withdrawal.status === ReviewStatus.Failed || withdrawal.status === WithdrawalStatus.Cancelled;
  return (
    <li className="fd-record" data-withdrawal-id={withdrawal.id}>
      <div className="fd-record-head">
        <div className="fd-record-main">
          <p className="fd-record-title">{withdrawal.destination}</p>
          <p className="fd-record-meta">
            {withdrawal.status === WithdrawalStatus.Cancelled ? (
              <span className="fd-badge fd-badge-cancelled">{t('desk.cancelled')}</span>
            ) : (
              <ReviewBadge status={withdrawal.status} />
            )}
            <span className="row-time">{formatDate(withdrawal.createTimeTimestamp, DateFormat.dateTime)}</span>
          </p>
        </div>
        <span className={`fd-record-amount tabular${returned ? ' fd-record-returned' : ''}`} data-testid="record-amount">
          {returned ? amount : `-${amount}`}
        </span>
      </div>
      {returned ? <p className="fd-returned">{t('desk.returned', { amount })}</p> : null}
      {withdrawal.status === ReviewStatus.Failed ? <Reason reason={withdrawal.reason} /> : null}
      {withdrawal.status === ReviewStatus.Pending ? <WithdrawalCancel withdrawal={withdrawal} /> : null}
    </li>
  );
}
