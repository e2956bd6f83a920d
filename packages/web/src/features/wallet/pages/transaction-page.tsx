import { type WalletType, walletTypes } from '@tradewind/contract';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router/router';
import { LoadError } from '../../../components/load-error';
import { useWalletBill } from '../api/get-wallet-bill';
import { BillRow } from '../components/bill-row';

function pickWallet(value: string | null): WalletType | undefined {
  return value !== null && (walletTypes as readonly string[]).includes(value) ? (value as WalletType) : undefined;
}

/** SPEC §2 `/pages/profile/transaction`: every movement on the user's wallets, one wallet at a time if asked. */
export function TransactionPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const wallet = pickWallet(search.get('wallet'));
  const bill = useWalletBill(wallet);
  const items = bill.data?.pages.flatMap((page) => page.list);

  const choose = (next: WalletType | undefined) => setSearch(next ? { wallet: next } : {}, { replace: true });
  const filters: { key: string; value: WalletType | undefined; label: string }[] = [
    { key: 'all', value: undefined, label: t('bill.all') },
    ...walletTypes.map((value) => ({ key: value, value, label: t(`wallets.${value}`) })),
  ];

  const loadMore = async () => {
    const result = await bill.fetchNextPage();
    if (result.isError) throw result.error;
  };

  let body;
  if (bill.isError && !items) body = <LoadError onRetry={() => void bill.refetch()} />;
  else if (!items) body = <p className="list-caption">{t('common.loading')}</p>;
  else if (items.length === 0) body = <p className="empty-line">{t('bill.empty')}</p>;
  else {
    body = (
      <>
        <ul className="card history-list" aria-label={t('pages.transactions')}>
          {items.map((item) => (
            <BillRow key={item.id} item={item} />
          ))}
        </ul>
        <InfiniteScroll loadMore={loadMore} hasMore={bill.hasNextPage} threshold={300} />
      </>
    );
  }

  return (
    <>
      <div className="filter-chips" role="group" aria-label={t('bill.filter')}>
        {filters.map((filter) => (
          <button
            key={filter.key}
            type="button"
            className={filter.value === wallet ? 'filter-chip filter-chip-active' : 'filter-chip'}
            aria-pressed={filter.value === wallet}
            onClick={() => choose(filter.value)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <PullToRefresh onRefresh={() => bill.refetch().then(() => undefined)}>
        <div className="section">{body}</div>
      </PullToRefresh>
    </>
  );
}
