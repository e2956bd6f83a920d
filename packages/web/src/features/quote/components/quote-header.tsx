import type { QuoteItem } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InstrumentLogo } from '../../../components/quote/instrument-logo';
import { usePriceFlash } from '../../../hooks/use-price-flash';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatPriceWithSign, formatQuotePrice, formatSigned, formatSignedPercent, quoteTrend } from '../../../lib/format-number';

interface QuoteHeaderProps {
  item: QuoteItem;
  /** Before the price: NT$ or $ (SPEC §9); empty for index points and exchange rates. */
  symbol: string;
  /** The watchlist star, top right. */
  action?: ReactNode;
  /** Shown under the price, e.g. the futures contract. */
  subtitle?: ReactNode;
}

/** Name, code and exchange, trading status, and the big live price with its change. */
export function QuoteHeader({ item, symbol, action, subtitle }: QuoteHeaderProps) {
  const { t } = useTranslation();
  const trend = quoteTrend(item);
  const flash = usePriceFlash(item.price_nominal);
  return (
    <section className="quote-header card" aria-label={item.name}>
      <div className="quote-header-top">
        <InstrumentLogo src={item.localLogoUrl} code={item.stock_code} size={40} />
        <div className="quote-header-names">
          <h2 className="quote-header-name">{item.name}</h2>
          <p className="quote-header-meta">
            <span className="quote-header-code">{item.stock_code}</span>
            {item.market ? <span className="quote-header-market">{item.market}</span> : null}
            <span className={item.isOpen ? 'market-status market-status-open' : 'market-status'} data-testid="market-status">
              {item.isOpen ? t('quote.statusOpen') : t('quote.statusClosed')}
            </span>
          </p>
        </div>
        {action}
      </div>
      <div className="quote-header-price-row">
        <span className={`quote-header-price tabular trend-${trend}${flash ? ` flash-${flash}` : ''}`} data-testid="quote-last-price">
          {item.quotedIn === 'USc' ? formatQuotePrice(item) : formatPriceWithSign(item.price_nominal, item.precision, symbol)}
        </span>
        <span className={`quote-header-change tabular trend-${trend}`}>
          <span>{formatSigned(item.change, item.precision)}</span>
          <span>{formatSignedPercent(item.change_ratio)}</span>
        </span>
      </div>
      <p className="quote-header-time">
        {subtitle}
        {item.currencyUsDatetime > 0 ? (
          <span>{t('quote.updatedAt', { time: formatDate(item.currencyUsDatetime, DateFormat.dateTime) })}</span>
        ) : null}
      </p>
    </section>
  );
}
