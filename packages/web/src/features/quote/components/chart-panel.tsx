import { type KlineRange, klineRanges } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartKind, type LivePrice, PriceChart } from '../../../components/chart/price-chart';
import { CandlesIcon, LineChartIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import type { Trend } from '../../../lib/format-number';
import { useKline } from '../../../api/market/get-kline';
import type { InstrumentRef } from '../../../api/market/instrument';
import { PriceSourceLabel } from '../../../components/quote/price-source-label';

interface ChartPanelProps {
  instrument: InstrumentRef;
  name: string;
  precision: number;
  trend: Trend;
  live?: LivePrice;
}

type ChartStyle = 'line' | 'candle';

/**
 * The quote chart (SPEC §9 ranges intraday, 1D, 1W, 1M, 3M, 1Y): an area for intraday and
 * candlesticks for the longer ranges until the user picks line or candles with the toggle.
 */
export function ChartPanel({ instrument, name, precision, trend, live }: ChartPanelProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<KlineRange>('intraday');
  const [chosenStyle, setChosenStyle] = useState<ChartStyle | null>(null);
  const kline = useKline({
    stockCode: instrument.code,
    type: range,
    source: instrument.source,
    ...(instrument.market ? { market: instrument.market } : {}),
  });

  const intraday = range === 'intraday';
  const style: ChartStyle = chosenStyle ?? (intraday ? 'line' : 'candle');
  const kind: ChartKind = style === 'candle' ? 'candle' : intraday ? 'area' : 'line';
  // Until the chosen range has loaded, the previous one stays drawn (faded).
  const showing = kline.data?.type === range ? kline.data : undefined;

  return (
    <section className="card chart-card" aria-label={t('quote.chart')}>
      <div className="chart-toolbar">
        <div className="chart-ranges" role="group" aria-label={t('quote.chartRanges')}>
          {klineRanges.map((key) => (
            <button
              key={key}
              type="button"
              className={key === range ? 'chart-range chart-range-active' : 'chart-range'}
              aria-pressed={key === range}
              onClick={() => setRange(key)}
            >
              {key === 'intraday' ? t('quote.intraday') : key}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="chart-style-toggle"
          aria-label={style === 'candle' ? t('quote.showLine') : t('quote.showCandles')}
          onClick={() => setChosenStyle(style === 'candle' ? 'line' : 'candle')}
        >
          {style === 'candle' ? <LineChartIcon /> : <CandlesIcon />}
        </button>
      </div>
      <div className={kline.isPlaceholderData ? 'chart-body chart-body-loading' : 'chart-body'}>
        {kline.isError && !kline.data ? (
          <LoadError onRetry={() => void kline.refetch()} />
        ) : kline.data && kline.data.points.length > 0 ? (
          <PriceChart
            points={kline.data.points}
            kind={kind}
            interval={kline.data.interval}
            precision={precision}
            trend={trend}
            live={showing ? live : undefined}
            baseline={intraday ? kline.data.previousClose : undefined}
            showTime={kline.data.interval < 86_400}
            height={260}
            label={t('quote.chartLabel', { name })}
          />
        ) : kline.data ? (
          <p className="chart-empty">{t('quote.noChartData')}</p>
        ) : (
          <div className="chart-skeleton skeleton" />
        )}
      </div>
      <PriceSourceLabel />
    </section>
  );
}
