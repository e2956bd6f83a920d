import type { QuoteItem } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { InstrumentLogo } from '../../../components/quote/instrument-logo';
import { usePriceFlash } from '../../../hooks/use-price-flash';
import { formatQuotePrice, formatSigned, formatSignedPercent, quoteTrend } from '../../../lib/format-number';

/** The instrument being traded, with its live last price: what the order is priced against. */
export function OrderQuoteCard({ item }: { item: QuoteItem }) {
  const { t } = useTranslation();
  const trend = quoteTrend(item);
  const flash = usePriceFlash(item.price_nominal);
  return (
    <section className="card order-quote" aria-label={item.name}>
      <InstrumentLogo src={item.localLogoUrl} code={item.stock_code} size={40} />
      <div className="order-quote-names">
        <h2 className="order-quote-name">{item.name}</h2>
        <p className="quote-header-meta">
          <span className="quote-header-code">{item.stock_code}</span>
          {item.market ? <span className="quote-header-market">{item.market}</span> : null}
          <span className={item.isOpen ? 'market-status market-status-open' : 'market-status'} data-testid="market-status">
            {item.isOpen ? t('quote.statusOpen') : t('quote.statusClosed')}
          </span>
        </p>
      </div>
      <div className="order-quote-figures">
        <span className={`order-quote-price tabular trend-${trend}${flash ? ` flash-${flash}` : ''}`} data-testid="order-last-price">
          {formatQuotePrice(item)}
        </span>
        <span className={`order-quote-change tabular trend-${trend}`}>
          {formatSigned(item.change, item.precision)} {formatSignedPercent(item.change_ratio)}
        </span>
      </div>
    </section>
  );
}

export function OrderQuoteSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="card order-quote" role="status" aria-label={t('common.loading')}>
      <span className="skeleton skeleton-circle" />
      <div className="order-quote-names">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-line-short" />
      </div>
    </div>
  );
}
