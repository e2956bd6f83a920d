import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveFields, useLiveQuotes } from '../../api/realtime/use-live-quotes';
import { LoadError } from '../load-error';
import { QuoteRow, type QuoteRowItem } from './quote-row';

type LiveRowItem = QuoteRowItem & LiveFields;

interface QuoteListProps<T extends LiveRowItem> {
  items: readonly T[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** Shown when the list loaded empty. */
  empty?: ReactNode;
  /** Column titles above the rows. */
  showHeader?: boolean;
  ranked?: boolean;
  onOpen?: (item: QuoteRowItem) => void;
  label?: string;
  /** Rows shown while loading. */
  skeletonRows?: number;
}

export function QuoteListHeader() {
  const { t } = useTranslation();
  return (
    <div className="quote-list-header" aria-hidden="true">
      <span>{t('quote.columnName')}</span>
      <span className="quote-list-header-price">{t('quote.columnPrice')}</span>
      <span className="quote-list-header-ratio">{t('quote.columnChange')}</span>
    </div>
  );
}

export function QuoteListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="quote-list-skeleton" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="quote-row quote-row-skeleton">
          <span className="skeleton skeleton-circle" />
          <span className="quote-row-names">
            <span className="skeleton skeleton-line" style={{ width: `${55 + ((i * 17) % 30)}%` }} />
            <span className="skeleton skeleton-line skeleton-line-short" />
          </span>
          <span className="skeleton skeleton-line skeleton-price" />
          <span className="skeleton skeleton-pill" />
        </div>
      ))}
    </div>
  );
}

/** Quote rows that follow the live stream: every visible row subscribes to its symbol. */
export function QuoteList<T extends LiveRowItem>({
  items,
  isLoading,
  isError,
  onRetry,
  empty,
  showHeader,
  ranked,
  onOpen,
  label,
  skeletonRows,
}: QuoteListProps<T>) {
  const live = useLiveQuotes(items);
  if (isLoading && !items) return <QuoteListSkeleton rows={skeletonRows} />;
  if (isError && !items) return onRetry ? <LoadError onRetry={onRetry} /> : null;
  if (items && items.length === 0) return empty ? <>{empty}</> : null;
  return (
    <>
      {showHeader ? <QuoteListHeader /> : null}
      <ul className={ranked ? 'quote-list quote-list-ranked' : 'quote-list'} aria-label={label}>
        {live.map((item, index) => (
          <li key={`${item.source}:${item.stock_code}`}>
            <QuoteRow item={item} onOpen={onOpen} {...(ranked ? { rank: index + 1 } : {})} />
          </li>
        ))}
      </ul>
    </>
  );
}
