import type { QuoteItem } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { quoteTrend } from '../../../lib/format-number';
import { instrumentOf, isTradable } from '../../../api/market/instrument';
import { Link } from '../../../lib/router/router';
import { paths } from '../../../lib/paths';
import { AlertBell } from './alert-bell';
import { BidAsk } from './bid-ask';
import { ChartPanel } from './chart-panel';
import { QuoteHeader } from './quote-header';
import { QuoteNews } from './quote-news';
import { type Stat, StatGrid } from './stat-grid';
import { TradeBar } from './trade-bar';
import { WatchStar } from './watch-star';

interface QuoteScreenProps {
  /** The live quote. */
  item: QuoteItem;
  symbol: string;
  stats: readonly Stat[];
  /** Between the header and the chart (the futures contract months). */
  extra?: ReactNode;
  subtitle?: ReactNode;
  /** Show the house's bid, ask and spread under the header (stocks and forex; futures list them in their fields). */
  showBidAsk?: boolean;
}

/** What every quote page shows: header with star, chart, fields, the instrument's news, and Buy / Sell when tradable. */
export function QuoteScreen({ item, symbol, stats, extra, subtitle, showBidAsk = false }: QuoteScreenProps) {
  const { t } = useTranslation();
  const instrument = instrumentOf(item);
  const tradable = isTradable(item.source);
  return (
    <div className={tradable ? 'quote-page quote-page-tradable' : 'quote-page'}>
      <QuoteHeader item={item} symbol={symbol} action={
          <span className="quote-header-actions">
            <AlertBell item={item} />
            <WatchStar item={item} />
          </span>
        } subtitle={subtitle} />
      {showBidAsk ? <BidAsk item={item} /> : null}
      {extra}
      <ChartPanel
        instrument={instrument}
        name={item.name}
        precision={item.precision}
        trend={quoteTrend(item)}
        live={{ price: item.price_nominal, time: item.currencyUsDatetime }}
      />
      <StatGrid stats={stats} label={t('quote.keyStats')} />
      <QuoteNews code={item.stock_code} />
      {tradable ? (
        <Link
          className="text-button quote-recurring-link"
          to={`${paths.recurring}?${new URLSearchParams({ name: item.name, code: item.stock_code, source: String(item.source), ...(item.market ? { market: item.market } : {}) }).toString()}`}
        >
          {t('account.recurring')}
        </Link>
      ) : null}
      {tradable ? <TradeBar instrument={instrument} /> : null}
    </div>
  );
}

export function QuoteScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="quote-page" role="status" aria-label={t('common.loading')}>
      <div className="card quote-header quote-header-skeleton">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-line-short" />
        <span className="skeleton skeleton-price-big" />
      </div>
      <div className="card chart-card">
        <div className="chart-skeleton skeleton" />
      </div>
    </div>
  );
}
