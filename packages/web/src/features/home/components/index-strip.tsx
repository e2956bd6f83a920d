import type { QuoteItem } from '@tradewind/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { usePriceFlash } from '../../../hooks/use-price-flash';
import { formatPrice, formatSigned, formatSignedPercent, quoteTrend } from '../../../lib/format-number';
import { useQuotePath } from '../../../api/market/instrument';
import { useLiveQuotes } from '../../../api/realtime/use-live-quotes';

/** How many indices the Home strip shows; the Market tab lists them all. */
export const HOME_INDEX_COUNT = 6;

/** Memoised: a repaint renders only the cards whose index ticked (useLiveQuotes keeps the others' identity). */
const IndexCard = memo(function IndexCard({ item }: { item: QuoteItem }) {
  const trend = quoteTrend(item);
  const flash = usePriceFlash(item.price_nominal);
  const to = useQuotePath(item);
  return (
    <Link className={`index-card trend-tint-${trend}`} to={to} data-code={item.stock_code}>
      <span className="index-card-name">{item.name}</span>
      <span className={`index-card-price tabular trend-${trend}${flash ? ` flash-${flash}` : ''}`}>
        {formatPrice(item.price_nominal, item.precision)}
      </span>
      <span className={`index-card-change tabular trend-${trend}`}>
        {formatSigned(item.change, item.precision)} {formatSignedPercent(item.change_ratio)}
      </span>
    </Link>
  );
});

/** A row of global index cards that scrolls sideways. */
export function IndexStrip({ items, isLoading }: { items: QuoteItem[] | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const live = useLiveQuotes(items);
  if (isLoading && !items) {
    return (
      <div className="index-strip" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <span key={i} className="index-card index-card-skeleton skeleton" />
        ))}
      </div>
    );
  }
  if (!live.length) return null;
  return (
    <nav className="index-strip" aria-label={t('home.globalIndices')}>
      {live.map((item) => (
        <IndexCard key={`${item.source}:${item.stock_code}`} item={item} />
      ))}
    </nav>
  );
}
