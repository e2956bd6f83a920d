import { type FuturesGroup, type QuoteItem, type TopListType, TopListType as TopList, type UsExchange, futuresGroups, usExchanges } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { useGlobalIndex } from '../../../api/market/get-global-index';
import { useForexList } from '../api/get-forex-list';
import { useFuturesList } from '../api/get-futures-list';
import { useStockList } from '../api/get-stock-list';
import { useTopList } from '../api/get-top-list';
import { useTwStockList } from '../api/get-tw-stock-list';
import { FilterChips } from './filter-chips';
import { PagedQuoteList } from './paged-quote-list';
import { StaticQuoteList } from './static-quote-list';

/** A US sub-list: one exchange's stocks, or one of the top lists across them. */
export type UsList = UsExchange | TopListType;
export const usLists: readonly UsList[] = [...usExchanges, TopList.Gainers, TopList.Losers, TopList.Active];

function isExchange(list: UsList): list is UsExchange {
  return (usExchanges as readonly string[]).includes(list);
}

function ExchangeList({ market }: { market: UsExchange }) {
  const query = useStockList(market);
  return <PagedQuoteList query={query} label={market} />;
}

/** Gainers are the risers and losers the fallers, however far the server's list runs on. */
const topListKeeps: Record<TopListType, ((item: QuoteItem) => boolean) | undefined> = {
  gainers: (item) => item.change > 0,
  losers: (item) => item.change < 0,
  active: undefined,
};

function TopListView({ type, label }: { type: TopListType; label: string }) {
  const query = useTopList(type);
  return <PagedQuoteList query={query} label={label} ranked keep={topListKeeps[type]} />;
}

export function UsStocksPanel({ list, onListChange }: { list: UsList; onListChange: (list: UsList) => void }) {
  const { t } = useTranslation();
  const title = (key: UsList) => (isExchange(key) ? key : t(`market.${key}`));
  return (
    <>
      <FilterChips label={t('market.tabUs')} options={usLists.map((key) => ({ key, title: title(key) }))} active={list} onChange={onListChange} />
      <div className="card market-card">
        {isExchange(list) ? <ExchangeList key={list} market={list} /> : <TopListView key={list} type={list} label={title(list)} />}
      </div>
    </>
  );
}

function FuturesGroupList({ group, label }: { group: FuturesGroup; label: string }) {
  const query = useFuturesList(group);
  return <StaticQuoteList query={query} label={label} />;
}

export function FuturesPanel({ group, onGroupChange }: { group: FuturesGroup; onGroupChange: (group: FuturesGroup) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterChips
        label={t('market.tabFutures')}
        options={futuresGroups.map((key) => ({ key, title: t(`market.${key}`) }))}
        active={group}
        onChange={onGroupChange}
      />
      <div className="card market-card">
        <FuturesGroupList key={group} group={group} label={t(`market.${group}`)} />
      </div>
    </>
  );
}

export function IndicesPanel() {
  const { t } = useTranslation();
  const query = useGlobalIndex();
  return (
    <div className="card market-card market-card-top">
      <StaticQuoteList query={query} label={t('market.tabIndices')} />
    </div>
  );
}

export function ForexPanel() {
  const { t } = useTranslation();
  const query = useForexList();
  return (
    <div className="card market-card market-card-top">
      <PagedQuoteList query={query} label={t('market.tabForex')} />
    </div>
  );
}

export function TaiwanPanel() {
  const { t } = useTranslation();
  const query = useTwStockList();
  return (
    <div className="card market-card market-card-top">
      <PagedQuoteList query={query} label={t('market.tabTaiwan')} />
    </div>
  );
}
