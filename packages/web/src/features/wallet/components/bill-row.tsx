import type { WalletBillItem } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, trendOf } from '../../../lib/format-number';
import { ledgerKindKey } from '../../../lib/ledger-kind';

/** One movement on a wallet: what it was, on which wallet, signed amount (in green, out red), when. */
export function BillRow({ item }: { item: WalletBillItem }) {
  const { t } = useTranslation();
  return (
    <li className="history-row" data-bill-id={item.id}>
      <div className="history-main">
        <p className="history-title">{t(ledgerKindKey(item.kind))}</p>
        {item.memo ? <p className="bill-memo">{item.memo}</p> : null}
        <p className="row-time">
          {t(`wallets.${item.walletType}`)} · {formatDate(item.createTimeTimestamp, DateFormat.dateTime)}
        </p>
      </div>
      <div className="history-figures">
        <span className={`tabular bill-amount trend-${trendOf(item.amount)}`} data-testid="bill-amount">
          {formatMoney(item.amount, item.currency, { signed: true })}
        </span>
      </div>
    </li>
  );
}
