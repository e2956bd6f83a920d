import type { Deposit, Withdrawal } from '@tradewind/contract';
import { ReviewStatus } from '@tradewind/contract';
import { useState } from 'react';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-number';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { PrivateImage } from './private-image';
import { ReviewBadge } from './review-badge';

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

/** One withdrawal: where to, amount, review status (and why it was refused). */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <li className="fd-record" data-withdrawal-id={withdrawal.id}>
      <div className="fd-record-head">
        <div className="fd-record-main">
          <p className="fd-record-title">{withdrawal.destination}</p>
          <p className="fd-record-meta">
            <ReviewBadge status={withdrawal.status} />
            <span className="row-time">{formatDate(withdrawal.createTimeTimestamp, DateFormat.dateTime)}</span>
          </p>
        </div>
        <span className="fd-record-amount tabular" data-testid="record-amount">
          -{formatMoney(withdrawal.amount, withdrawal.currency)}
        </span>
      </div>
      {withdrawal.status === ReviewStatus.Failed ? <Reason reason={withdrawal.reason} /> : null}
    </li>
  );
}
