import { AssetSource, type KlinePoint, type QuoteItem } from '@tradewind/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { LazyPriceChart } from '../../../components/chart/lazy-price-chart';
import { PriceChange } from '../../../components/quote/price-change';
import { DEFAULT_PRECISION } from '../../../lib/constants';
import { formatPrice, quoteTrend, trendOf } from '../../../lib/format-number';
import { useKline } from '../../../api/market/get-kline';
import { type InstrumentRef, quotePath } from '../../../api/market/instrument';
import { useLiveQuote } from '../../../api/realtime/use-live-quotes';

/** SPEC §9: the Home chart draws the last 50 close values. */
export const HOME_CHART_POINTS = 50;

/** Without a custom list to pick from, the Home chart follows the S&P 500. */
export const DEFAULT_HOME_INSTRUMENT: InstrumentRef = { name: 'S&P 500', code: 'SPX', source: AssetSource.GlobalIndex };

interface HomeChartProps {
  /** The instrument drawn, with its quote when known. */
  item: QuoteItem | undefined;
  fallback?: InstrumentRef;
}

/** A card with the instrument's live price and an area chart of its last 50 daily closes (`o`). */
export function HomeChart({ item, fallback = DEFAULT_HOME_INSTRUMENT }: HomeChartProps) {
  const { t } = useTranslation();
  const ref: InstrumentRef = item
    ? { name: item.name, code: item.stock_code, source: item.source, market: item.market }
    : fallback;
  const kline = useKline({ stockCode: ref.code, type: '1D', source: ref.source, ...(ref.market ? { market: ref.market } : {}) });
  const live = useLiveQuote(item);

  // `o` is the close value of a point (SPEC §3); the chart draws closes.
  const points = useMemo<KlinePoint[]>(
    () => (kline.data?.points ?? []).slice(-HOME_CHART_POINTS).map((p) => ({ ...p, close: p.o })),
    [kline.data],
  );
  const precision = item?.precision ?? DEFAULT_PRECISION;
  const first = points[0]?.close;
  const lastClose = points.at(-1)?.close;
  const trend = live ? quoteTrend(live) : trendOf(first !== undefined && lastClose !== undefined ? lastClose - first : 0);

  return (
    <Link className="home-chart card" to={quotePath(ref)}>
      <div className="home-chart-head">
        <div className="home-chart-title">
          <span className="home-chart-name">{ref.name}</span>
          <span className="home-chart-code">
            {ref.code} · {t('home.lastCloses', { n: HOME_CHART_POINTS })}
          </span>
        </div>
        <div className="home-chart-quote">
          <span className={`home-chart-price tabular trend-${trend}`}>
            {formatPrice(live?.price_nominal ?? lastClose, precision)}
          </span>
          {live ? <PriceChange change={live.change} ratio={live.change_ratio} precision={precision} /> : null}
        </div>
      </div>
      {points.length > 1 ? (
        <LazyPriceChart
          points={points}
          kind="area"
          interval={kline.data?.interval ?? 86_400}
          precision={precision}
          trend={trend}
          live={live ? { price: live.price_nominal, time: live.currencyUsDatetime } : undefined}
          compact
          height={120}
          label={t('quote.chartLabel', { name: ref.name })}
        />
      ) : (
        <div className={`home-chart-placeholder${kline.isLoading ? ' skeleton' : ''}`} />
      )}
    </Link>
  );
}
