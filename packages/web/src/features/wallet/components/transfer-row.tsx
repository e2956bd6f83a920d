import { type Transfer, TransferStatus } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-number';

const statusKey = {
  [TransferStatus.Pending]: 'transfer.statusPending',
  [TransferStatus.Settled]: 'transfer.statusSettled',
  [TransferStatus.Cancelled]: 'transfer.statusCancelled',
} as const;

/** One transfer: from and to, amounts and rate, its state, and Cancel while it is pending. */
export function TransferRow({ transfer, onCancel }: { transfer: Transfer; onCancel: (transfer: Transfer) => void }) {
  const { t } = useTranslation();
  const converted = transfer.currency !== transfer.toCurrency;
  return (
    <li className="history-row" data-transfer-id={transfer.id}>
      <div className="history-main">
        <p className="history-title">
          {t(`wallets.${transfer.fromWallet}`)} → {t(`wallets.${transfer.toWallet}`)}
        </p>
        <p className="position-meta">
          <span className={`status-badge status-${transfer.status}`}>{t(statusKey[transfer.status])}</span>
          {converted ? <span>{t('transfer.rateValue', { rate: transfer.rate.toFixed(4) })}</span> : null}
        </p>
        <p className="row-time">{formatDate(transfer.createTimeTimestamp, DateFormat.dateTime)}</p>
      </div>
      <div className="history-figures">
        <span className="tabular">{formatMoney(transfer.amount, transfer.currency)}</span>
        {converted ? <span className="history-fee tabular">→ {formatMoney(transfer.toAmount, transfer.toCurrency)}</span> : null}
        {transfer.status === TransferStatus.Pending ? (
          <button type="button" className="danger-pill small-pill" onClick={() => onCancel(transfer)}>
            {t('transfer.cancel')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
