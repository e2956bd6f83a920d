import type { QuoteItem } from '@tradewind/contract';
import { memo } from 'react';
import { Link } from '../../lib/router/router';
import { usePriceFlash } from '../../hooks/use-price-flash';
import { formatPrice, formatSigned, formatSignedPercent, quoteTrend } from '../../lib/format-number';
import { useQuotePath } from '../../api/market/instrument';
import { InstrumentLogo } from './instrument-logo';

export type QuoteRowItem = Pick<
  QuoteItem,
  | 'name'
  | 'stock_code'
  | 'source'
  | 'market'
  | 'price_nominal'
  | 'change'
  | 'change_ratio'
  | 'fall'
  | 'precision'
  | 'localLogoUrl'
  | 'isOpen'
>;

interface QuoteRowProps {
  item: QuoteRowItem;
  /** Called as the row opens the quote page (the search page records it). */
  onOpen?: (item: QuoteRowItem) => void;
  /** A rank shown before the logo (top lists). */
  rank?: number;
}

/**
 * One dense instrument row: logo, name, code and exchange, live price with its change, and the
 * change % on a pill in the trend colour. Tapping opens the instrument's quote page (SPEC §2).
 */
export const QuoteRow = memo(function QuoteRow({ item, onOpen, rank }: QuoteRowProps) {
  const trend = quoteTrend(item);
  const flash = usePriceFlash(item.price_nominal);
  const to = useQuotePath(item);
  return (
    <Link
      className="quote-row"
      to={to}
      onClick={onOpen ? () => onOpen(item) : undefined}
      data-code={item.stock_code}
      data-trend={trend}
    >
      {rank !== undefined ? <span className="quote-row-rank">{rank}</span> : null}
      <InstrumentLogo src={item.localLogoUrl} code={item.stock_code} />
      <span className="quote-row-names">
        <span className="quote-row-name">{item.name}</span>
        <span className="quote-row-meta">
          <span className="quote-row-code">{item.stock_code}</span>
          {item.market ? <span className="quote-row-market">{item.market}</span> : null}
        </span>
      </span>
      <span className="quote-row-figures">
        <span className={`quote-row-price tabular${flash ? ` flash-${flash}` : ''}`} data-testid="quote-price">
          {formatPrice(item.price_nominal, item.precision)}
        </span>
        <span className={`quote-row-change tabular trend-${trend}`}>{formatSigned(item.change, item.precision)}</span>
      </span>
      <span className={`quote-row-ratio tabular trend-bg-${trend}`} data-testid="quote-ratio">
        {formatSignedPercent(item.change_ratio)}
      </span>
    </Link>
  );
});
