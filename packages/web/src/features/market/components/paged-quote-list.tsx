import type { Page, QuoteItem } from '@tradewind/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import { useMemo } from 'react';
import { QuoteList } from '../../../components/quote/quote-list';
import { EmptyList } from './empty-list';

interface PagedQuoteListProps {
  query: UseInfiniteQueryResult<InfiniteData<Page<QuoteItem>>>;
  label: string;
  ranked?: boolean;
  /**
   * Which rows belong in the list. The list is sorted, so the first row that does not belong ends
   * it: no further pages are asked for (a gainers list stops where the fallers begin).
   */
  keep?: (item: QuoteItem) => boolean;
}

/** A long list that loads the next page as the user scrolls near its end. */
export function PagedQuoteList({ query, label, ranked, keep }: PagedQuoteListProps) {
  const { items, ended } = useMemo(() => {
    // A row that moved between pages while scrolling (top lists re-rank) is shown once.
    const seen = new Set<string>();
    const all = query.data?.pages.flatMap((page) => page.list);
    if (!all) return { items: undefined, ended: false };
    const unique = all.filter((item) => {
      const key = `${item.source}:${item.stock_code}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const kept = keep ? unique.filter(keep) : unique;
    return { items: kept, ended: kept.length < unique.length };
  }, [query.data, keep]);

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // A failed page makes the scroller offer a retry instead of asking again and again.
    if (result.isError) throw result.error;
  };

  return (
    <>
      <QuoteList
        label={label}
        items={items}
        isLoading={query.isLoading}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        showHeader
        ranked={ranked}
        skeletonRows={10}
        empty={<EmptyList />}
      />
      {items && items.length > 0 ? (
        <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage && !ended} threshold={400} />
      ) : null}
    </>
  );
}
