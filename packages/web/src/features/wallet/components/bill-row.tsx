import type { WalletBillItem } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, trendOf } from '../../../lib/format-number';

const kindKeys = {
  deposit: 'bill.kindDeposit',
  withdrawal: 'bill.kindWithdrawal',
  transfer: 'bill.kindTransfer',
  'order-open': 'bill.kindOrderOpen',
  'order-close': 'bill.kindOrderClose',
  liquidation: 'bill.kindLiquidation',
  expiry: 'bill.kindExpiry',
  'margin-add': 'bill.kindMarginAdd',
} as const;

function isKnownKind(kind: string): kind is keyof typeof kindKeys {
  return kind in kindKeys;
}

/** One movement on a wallet: what it was, on which wallet, signed amount (in green, out red), when. */
export function BillRow({ item }: { item: WalletBillItem }) {
  const { t } = useTranslation();
  return (
    <li className="history-row" data-bill-id={item.id}>
      <div className="history-main">
        <p className="history-title">{isKnownKind(item.kind) ? t(kindKeys[item.kind]) : item.kind}</p>
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
