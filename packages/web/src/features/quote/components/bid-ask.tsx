import './bid-ask.css';
import type { QuoteItem } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-number';

/**
 * The house's bid and ask (it makes the market: buyers pay the ask, sellers get the bid) and the
 * spread between them, in the instrument's precision; live as the quote ticks.
 */
export function BidAsk({ item }: { item: Pick<QuoteItem, 'bid' | 'ask' | 'precision'> }) {
  const { t } = useTranslation();
  const p = item.precision;
  // Both are on the instrument's increments: the difference rounded to its precision is exact.
  const spread = Number((item.ask - item.bid).toFixed(Math.max(p, 0)));
  return (
    <section className="card bid-ask" aria-label={t('quote.bidAsk')}>
      <dl className="bid-ask-grid">
        <div className="bid-ask-cell" data-stat="bid">
          <dt>{t('quote.bid')}</dt>
          <dd className="tabular">{formatPrice(item.bid, p)}</dd>
        </div>
        <div className="bid-ask-cell" data-stat="ask">
          <dt>{t('quote.ask')}</dt>
          <dd className="tabular">{formatPrice(item.ask, p)}</dd>
        </div>
        <div className="bid-ask-cell" data-stat="spread">
          <dt>{t('quote.spread')}</dt>
          <dd className="tabular">{formatPrice(spread, p)}</dd>
        </div>
      </dl>
      <p className="bid-ask-hint">{t('quote.bidAskHint')}</p>
    </section>
  );
}
