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
}

/** A long list that loads the next page as the user scrolls near its end. */
export function PagedQuoteList({ query, label, ranked }: PagedQuoteListProps) {
  const items = useMemo(() => {
    // A row that moved between pages while scrolling (top lists re-rank) is shown once.
    const seen = new Set<string>();
    return query.data?.pages
      .flatMap((page) => page.list)
      .filter((item) => {
        const key = `${item.source}:${item.stock_code}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }, [query.data]);

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
      {items && items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage} threshold={400} /> : null}
    </>
  );
}
