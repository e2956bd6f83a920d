import type { MarketDataSource } from '@tradewind/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateFormat, type TimestampInput, formatDate, toDate } from '../../lib/format-date';
import { useDataSource } from '../../api/market/get-data-source';
import './price-source-label.css';

/** "Simulated prices", "Replayed prices · file", "Finnhub · real-time" or "Finnhub · delayed 15 min". */
export function priceSourceText(t: TFunction, source: MarketDataSource): string {
  if (source.providerId === 'csv-replay') return t('priceSource.replay', { name: source.displayName });
  if (source.simulated) return t('priceSource.simulated');
  if (source.realtime || source.delaySeconds === 0) return t('priceSource.realtime', { name: source.displayName });
  return t('priceSource.delayed', { name: source.displayName, minutes: Math.max(1, Math.round(source.delaySeconds / 60)) });
}

/** The time alone when it is today; with its date when older (a closed market's last trade). */
function asOfText(asOf: TimestampInput): string {
  const date = toDate(asOf);
  if (!date) return '';
  return formatDate(date, date.toDateString() === new Date().toDateString() ? DateFormat.timeWithSeconds : DateFormat.dateTime);
}

type Tone = 'simulated' | 'realtime' | 'delayed';

const toneOf = (source: MarketDataSource): Tone => (source.simulated ? 'simulated' : source.realtime ? 'realtime' : 'delayed');

interface PriceSourceLabelProps {
  /** The time the prices shown beside it are from (a quote's update, a valuation's fetch); omitted when unknown. */
  asOf?: TimestampInput;
}

/**
 * One small line under prices saying where they come from, and as of when (issue 18): on every
 * quote, chart and order page, and under the Trade and Account totals. The line keeps its height
 * while the source loads, so nothing jumps.
 */
export function PriceSourceLabel({ asOf }: PriceSourceLabelProps) {
  const { t } = useTranslation();
  const source = useDataSource().data;
  if (!source) return <p className="price-source" aria-hidden="true" />;
  const time = asOfText(asOf);
  return (
    <p className={`price-source price-source-${toneOf(source)}`} data-testid="price-source">
      <span className="price-source-dot" aria-hidden="true" />
      <span>
        {priceSourceText(t, source)}
        {time ? ` · ${t('priceSource.asOf', { time })}` : ''}
      </span>
    </p>
  );
}

/**
 * What a new visitor reads on Home: whether the market is simulated (the default) or a real feed.
 */
export function MarketSourceIntro() {
  const { t } = useTranslation();
  const source = useDataSource().data;
  if (!source) return <p className="price-source-intro" aria-hidden="true" />;
  const text =
    source.providerId === 'csv-replay'
      ? t('priceSource.introReplay')
      : source.simulated
        ? t('priceSource.introSimulated')
        : t('priceSource.introReal', { source: priceSourceText(t, source) });
  return (
    <p className={`price-source-intro price-source-${toneOf(source)}`} data-testid="market-source-intro">
      <span className="price-source-dot" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
