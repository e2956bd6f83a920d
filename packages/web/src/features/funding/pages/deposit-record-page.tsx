import '../funding.css';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router/router';
import { SegmentedControl } from '../../../components/segmented-control';
import { useDeposits } from '../api/get-deposits';
import { useWithdrawals } from '../api/get-withdrawals';
import { PageState } from '../components/page-state';
import { DepositRow, WithdrawalRow } from '../components/record-rows';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type RecordTab, fundingPaths } from '../utils/routes';

interface RecordListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  empty: ReactNode;
  row: (item: T) => ReactNode;
}

function RecordList<T>({ query, label, empty, row }: RecordListProps<T>) {
  const { t } = useFundingTranslation();
  if (!query.data) return <PageState query={query} />;
  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <div className="card fd-empty">{empty}</div>;
  return (
    <>
      <ul className="card fd-record-list" aria-label={label}>
        {items.map(row)}
      </ul>
      {query.hasNextPage ? (
        <button type="button" className="fd-more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? t('records.loadingMore') : t('records.loadMore')}
        </button>
      ) : null}
    </>
  );
}

function DepositRecords() {
  const { t } = useFundingTranslation();
  const deposits = useDeposits();
  return (
    <RecordList
      query={deposits}
      label={t('records.deposits')}
      row={(deposit) => <DepositRow key={deposit.id} deposit={deposit} />}
      empty={
        <>
          <p className="fd-empty-text">{t('records.noDeposits')}</p>
          <Link className="text-button" to={fundingPaths.deposit}>
            {t('records.makeDeposit')}
          </Link>
        </>
      }
    />
  );
}

function WithdrawalRecords() {
  const { t } = useFundingTranslation();
  const withdrawals = useWithdrawals();
  return (
    <RecordList
      query={withdrawals}
      label={t('records.withdrawals')}
      row={(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
      empty={
        <>
          <p className="fd-empty-text">{t('records.noWithdrawals')}</p>
          <Link className="text-button" to={fundingPaths.withdrawBankCard}>
            {t('records.makeWithdrawal')}
          </Link>
        </>
      }
    />
  );
}

/** SPEC §2 `/pages/deposit/record`: deposits, and (`?tab=withdrawals`) withdrawals, with their review status. */
export function DepositRecordPage() {
  const { t } = useFundingTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: RecordTab = search.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  return (
    <div className="fd-page">
      <div className="section">
        <SegmentedControl<RecordTab>
          label={t('records.title')}
          className="segmented-tabs"
          value={tab}
          onChange={(next) => setSearch(next === 'deposits' ? {} : { tab: next }, { replace: true })}
          options={[
            { value: 'deposits', label: t('records.deposits') },
            { value: 'withdrawals', label: t('records.withdrawals') },
          ]}
        />
      </div>
      <div className="section">{tab === 'deposits' ? <DepositRecords /> : <WithdrawalRecords />}</div>
    </div>
  );
}
