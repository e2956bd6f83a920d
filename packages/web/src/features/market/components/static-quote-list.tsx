import type { QuoteItem } from '@tradewind/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { QuoteList } from '../../../components/quote/quote-list';
import { EmptyList } from './empty-list';

/** A list that comes in one answer (futures groups, indices). */
export function StaticQuoteList({ query, label }: { query: UseQueryResult<QuoteItem[]>; label: string }) {
  return (
    <QuoteList
      label={label}
      items={query.data}
      isLoading={query.isLoading}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      showHeader
      skeletonRows={8}
      empty={<EmptyList />}
    />
  );
}
