import { AssetSource, type FuturesContract, type QuoteItem } from '@tradewind/contract';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { currencySymbol, formatCompact, formatCompactMoney, formatPrice, formatSigned, trendOf } from '../../../lib/format-number';
import { type InstrumentRef, type QuoteKind, instrumentFromSearch } from '../../../api/market/instrument';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useLiveQuote } from '../../../api/realtime/use-live-quotes';
import { useFuturesContracts } from '../../../api/market/get-futures-contracts';
import { useFuturesDetail } from '../../../api/market/get-futures-detail';
import { useStockDetail } from '../api/get-stock-detail';
import { useStockQuote } from '../api/get-stock-quote';
import { useSummaryDetail } from '../api/get-summary-detail';
import { ContractPicker } from '../components/contract-picker';
import { QuoteScreen, QuoteScreenSkeleton } from '../components/quote-screen';
import type { Stat } from '../components/stat-grid';

/**
 * The market data names a stock's sector in English, from a closed list (GICS sectors and "ETF"):
 * shown in the app's language; "ETF" and any sector not on the list as it comes.
 */
const sectorKeys = {
  Technology: 'quote.sectors.technology',
  Healthcare: 'quote.sectors.healthcare',
  Financials: 'quote.sectors.financials',
  'Consumer Discretionary': 'quote.sectors.consumerDiscretionary',
  'Consumer Staples': 'quote.sectors.consumerStaples',
  Energy: 'quote.sectors.energy',
  Industrials: 'quote.sectors.industrials',
  Materials: 'quote.sectors.materials',
  Utilities: 'quote.sectors.utilities',
  'Real Estate': 'quote.sectors.realEstate',
  'Communication Services': 'quote.sectors.communicationServices',
} as const;

function isKnownSector(sector: string): sector is keyof typeof sectorKeys {
  return Object.hasOwn(sectorKeys, sector);
}

function Unavailable({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  if (onRetry) return <LoadError onRetry={onRetry} />;
  return (
    <div className="page-status" role="alert">
      <p className="page-status-text">{t('quote.notFound')}</p>
      <Link className="text-button" to={paths.market}>
        {t('watchlist.browseMarket')}
      </Link>
    </div>
  );
}

/**
 * Loading, failure, or the screen once the live quote is there. The screen is drawn from a deferred
 * copy of the quote: React then builds its ~400 nodes as a transition, yielding to the browser
 * between components, instead of in one long task when the answer arrives (a useSyncExternalStore
 * update renders synchronously; issue 23's blocking time). Each tick after it is drawn the same way.
 */
function Loaded({ item, isLoading, onRetry, children }: { item: QuoteItem | undefined; isLoading: boolean; onRetry: () => void; children: (item: QuoteItem) => ReactNode }) {
  const shown = useDeferredValue(item);
  if (shown) return children(shown);
  if (isLoading || item) return <QuoteScreenSkeleton />;
  return <Unavailable onRetry={onRetry} />;
}

/** Stocks, US and Taiwan: the full field set of SPEC §3 "stock quote". */
function StockQuote({ instrument }: { instrument: InstrumentRef }) {
  const { t } = useTranslation();
  const detail = useStockDetail(instrument);
  const live = useLiveQuote(detail.data);
  return (
    <Loaded item={live} isLoading={detail.isLoading} onRetry={() => void detail.refetch()}>
      {(item) => {
        const summary = detail.data?.summary;
        const p = item.precision;
        const symbol = currencySymbol(item.source);
        const stats: Stat[] = [
          { key: 'open', label: t('quote.open'), value: formatPrice(summary?.open, p) },
          { key: 'previousClose', label: t('quote.previousClose'), value: formatPrice(summary?.previousClose, p) },
          { key: 'high', label: t('quote.high'), value: formatPrice(summary?.high, p) },
          { key: 'low', label: t('quote.low'), value: formatPrice(summary?.low, p) },
          { key: 'high52w', label: t('quote.high52w'), value: formatPrice(summary?.high52w, p) },
          { key: 'low52w', label: t('quote.low52w'), value: formatPrice(summary?.low52w, p) },
          { key: 'volume', label: t('quote.volume'), value: formatCompact(item.volume) },
          {
            key: 'marketCap',
            label: t('quote.marketCap'),
            value: summary?.marketCap != null ? formatCompactMoney(summary.marketCap, symbol) : '--',
          },
          { key: 'sector', label: t('quote.sector'), value: !summary?.sector ? '--' : isKnownSector(summary.sector) ? t(sectorKeys[summary.sector]) : summary.sector, wide: true },
        ];
        return <QuoteScreen item={item} symbol={symbol} stats={stats} showBidAsk />;
      }}
    </Loaded>
  );
}

/** Global indices and forex: a quote item and its summary; points and rates carry no currency sign. */
function ReferenceQuote({ instrument }: { instrument: InstrumentRef }) {
  const { t } = useTranslation();
  const quote = useStockQuote(instrument);
  const summary = useSummaryDetail(instrument);
  const live = useLiveQuote(quote.data);
  return (
    <Loaded item={live} isLoading={quote.isLoading} onRetry={() => void quote.refetch()}>
      {(item) => {
        const s = summary.data;
        const p = item.precision;
        const stats: Stat[] = [
          { key: 'open', label: t('quote.open'), value: formatPrice(s?.open, p) },
          { key: 'previousClose', label: t('quote.previousClose'), value: formatPrice(s?.previousClose, p) },
          { key: 'high', label: t('quote.high'), value: formatPrice(s?.high, p) },
          { key: 'low', label: t('quote.low'), value: formatPrice(s?.low, p) },
          { key: 'high52w', label: t('quote.high52w'), value: formatPrice(s?.high52w, p) },
          { key: 'low52w', label: t('quote.low52w'), value: formatPrice(s?.low52w, p) },
        ];
        return <QuoteScreen item={item} symbol="" stats={stats} showBidAsk={item.source === AssetSource.Forex} />;
      }}
    </Loaded>
  );
}

/** Futures: bid/ask, open interest, expiry, settle, and the contract months to switch between. */
function FutureQuote({ instrument }: { instrument: InstrumentRef }) {
  const { t } = useTranslation();
  const contracts = useFuturesContracts(instrument.code);
  const [picked, setPicked] = useState<string | null>(null);
  const detail = useFuturesDetail(picked ?? instrument.code);
  const live = useLiveQuote(detail.data);
  const onPick = (contract: FuturesContract) => setPicked(contract.stock_code);

  // A month the server cannot quote: say why and go back to the contract that was on screen.
  const pickFailed = picked !== null && detail.isError;
  const failure = detail.error?.message;
  useEffect(() => {
    if (!pickFailed) return;
    if (failure) showToast(failure);
    setPicked(null);
  }, [pickFailed, failure]);
  return (
    <Loaded item={live} isLoading={detail.isLoading} onRetry={() => void detail.refetch()}>
      {(item) => {
        const d = detail.data;
        const p = item.precision;
        const symbol = currencySymbol(item.source);
        const stats: Stat[] = [
          { key: 'bid', label: t('quote.bid'), value: formatPrice(d?.bid, p) },
          { key: 'ask', label: t('quote.ask'), value: formatPrice(d?.ask, p) },
          { key: 'bidVolume', label: t('quote.bidVolume'), value: formatCompact(d?.bidVolume) },
          { key: 'askVolume', label: t('quote.askVolume'), value: formatCompact(d?.askVolume) },
          { key: 'open', label: t('quote.open'), value: formatPrice(d?.open, p) },
          { key: 'previousSettle', label: t('quote.previousSettle'), value: formatPrice(d?.previousSettle, p) },
          { key: 'high', label: t('quote.high'), value: formatPrice(d?.high, p) },
          { key: 'low', label: t('quote.low'), value: formatPrice(d?.low, p) },
          { key: 'openInterest', label: t('quote.openInterest'), value: formatCompact(d?.openInterest) },
          {
            key: 'openInterestChange',
            label: t('quote.openInterestChange'),
            value: formatSigned(d?.openInterestChange, 0),
            trend: trendOf(d?.openInterestChange),
          },
          { key: 'volume', label: t('quote.volume'), value: formatCompact(item.volume) },
          { key: 'expiryDate', label: t('quote.expiryDate'), value: formatDate(d?.expiryDate, DateFormat.date) || '--' },
          {
            key: 'contractSize',
            label: t('quote.contractSize'),
            value: d ? `${formatCompact(d.contractSize, 0)} ${d.unit} · ${t('quote.tickSize')} ${d.tickSize}`.trim() : '--',
            wide: true,
          },
          // Issue 18: what a price is in (corn: cents per bushel), from the instrument master.
          ...(d ? [{ key: 'priceUnit', label: t('quote.priceUnit'), value: t(d.quotedIn === 'USc' ? 'quote.quotedInCents' : 'quote.quotedInDollars', { unit: d.unit, tick: d.tickSize }), wide: true }] : []),
        ];
        return (
          <QuoteScreen
            item={item}
            symbol={symbol}
            stats={stats}
            subtitle={d?.contract ? <span className="quote-header-contract">{d.contract}</span> : null}
            extra={<ContractPicker contracts={contracts.data ?? []} active={d?.contract ?? picked ?? undefined} onPick={onPick} />}
          />
        );
      }}
    </Loaded>
  );
}

function QuoteRoute({ kind }: { kind: QuoteKind }) {
  const [search] = useSearchParams();
  const instrument = useMemo(() => instrumentFromSearch(search), [search]);
  if (!instrument) return <Unavailable />;
  const key = `${instrument.source}:${instrument.code}:${instrument.market ?? ''}`;
  switch (kind) {
    case 'future':
      return <FutureQuote key={key} instrument={{ ...instrument, source: AssetSource.Future }} />;
    case 'globalindex':
    case 'forex':
      return <ReferenceQuote key={key} instrument={instrument} />;
    case 'stock':
      return <StockQuote key={key} instrument={instrument} />;
  }
}

/** SPEC §2 quote pages; the route names the kind, the query names the instrument. */
export const StockQuotePage = () => <QuoteRoute kind="stock" />;
export const GlobalIndexQuotePage = () => <QuoteRoute kind="globalindex" />;
export const FutureQuotePage = () => <QuoteRoute kind="future" />;
export const ForexQuotePage = () => <QuoteRoute kind="forex" />;
