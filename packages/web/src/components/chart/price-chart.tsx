import type { KlinePoint } from '@tradewind/contract';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type PriceFormat,
  type SeriesType,
  TickMarkType,
  type Time,
  type UTCTimestamp,
  createChart,
} from 'lightweight-charts';
import { type RefObject, useEffect, useRef } from 'react';
import { useBatchedLive } from './batched-live';
import { type ChartTheme, useChartTheme } from './chart-theme';
import { formatLocale } from '../../lib/format-locale';
import { DateFormat, formatDate } from '../../lib/format-date';
import { type Trend, formatPrice } from '../../lib/format-number';

export type ChartKind = 'area' | 'line' | 'candle';

export interface LivePrice {
  price: number;
  /** Unix seconds of the price. */
  time: number;
}

export interface PriceChartProps {
  points: readonly KlinePoint[];
  kind: ChartKind;
  /** Bar length in seconds (the kline's `interval`): a live price past the last bar opens a new one. */
  interval: number;
  precision: number;
  /** Colour of a line or area chart. */
  trend?: Trend;
  /** The latest price; the last bar follows it. */
  live?: LivePrice | undefined;
  /** A dashed reference line, e.g. the previous close. */
  baseline?: number | undefined;
  /** Times on the axis (intraday) or only dates. */
  showTime?: boolean;
  /** A small chart without axes, crosshair or gestures (the Home card). */
  compact?: boolean;
  height?: number;
  label: string;
}

const colorOf = (theme: ChartTheme, trend: Trend | undefined) => (trend === 'fall' ? theme.fall : trend === 'rise' ? theme.rise : theme.flat);

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Sorted by time with one bar per time: the chart library refuses anything else. */
function toBars(points: readonly KlinePoint[]): { bars: Bar[]; volumes: { time: number; value: number; up: boolean }[] } {
  const byTime = new Map<number, KlinePoint>();
  for (const point of points) if (Number.isFinite(point.k)) byTime.set(point.k, point);
  const sorted = [...byTime.values()].sort((a, b) => a.k - b.k);
  return {
    bars: sorted.map((p) => ({ time: p.k, open: p.open, high: p.high, low: p.low, close: p.close })),
    volumes: sorted.map((p) => ({ time: p.k, value: p.volume, up: p.close >= p.open })),
  };
}

/** Times in the phone's own zone (the library would print UTC), through the app's one time formatter. */
function tickMark(time: Time, type: TickMarkType): string {
  const seconds = typeof time === 'number' ? time : 0;
  switch (type) {
    case TickMarkType.Year:
      return String(new Date(seconds * 1000).getFullYear());
    case TickMarkType.Month:
      return formatDate(seconds, DateFormat.monthYear);
    case TickMarkType.DayOfMonth:
      return formatDate(seconds, DateFormat.monthDay);
    case TickMarkType.Time:
    case TickMarkType.TimeWithSeconds:
      return formatDate(seconds, DateFormat.time);
  }
}

function crosshairTime(time: Time, withTime: boolean): string {
  return formatDate(typeof time === 'number' ? time : 0, withTime ? DateFormat.dayTime : DateFormat.date);
}

/** The chart's look and gestures; a compact chart has no axes, crosshair or gestures. */
function chartOptions(container: HTMLElement, theme: ChartTheme, compact: boolean): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: theme.text,
      fontSize: 11,
      fontFamily: getComputedStyle(container).fontFamily,
      attributionLogo: !compact,
    },
    grid: {
      vertLines: { visible: false },
      horzLines: { color: compact ? 'transparent' : theme.grid },
    },
    rightPriceScale: { visible: !compact, borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.22 } },
    leftPriceScale: { visible: false },
    timeScale: {
      visible: !compact,
      borderVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      rightOffset: 2,
      tickMarkFormatter: tickMark,
    },
    crosshair: {
      mode: CrosshairMode.Magnet,
      vertLine: { visible: !compact, labelVisible: !compact, style: LineStyle.Dashed, color: theme.crosshair },
      horzLine: { visible: !compact, labelVisible: !compact, style: LineStyle.Dashed, color: theme.crosshair },
    },
    // Vertical swipes scroll the page, not the chart.
    handleScroll: compact ? false : { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: compact ? false : { mouseWheel: false, pinch: true, axisPressedMouseMove: false, axisDoubleClickReset: true },
  };
}

/** The price as candlesticks, an area or a line, drawn from the bars. */
function addPriceSeries(
  chart: IChartApi,
  kind: ChartKind,
  bars: readonly Bar[],
  { color, theme, compact, ...common }: { color: string; theme: ChartTheme; compact: boolean; priceFormat: PriceFormat; lastValueVisible: boolean; priceLineVisible: boolean },
): ISeriesApi<SeriesType> {
  if (kind === 'candle') {
    const series = chart.addSeries(CandlestickSeries, {
      ...common,
      upColor: theme.rise,
      downColor: theme.fall,
      wickUpColor: theme.rise,
      wickDownColor: theme.fall,
      borderVisible: false,
    });
    series.setData(bars.map((bar) => ({ ...bar, time: bar.time as UTCTimestamp })));
    return series;
  }
  const series =
    kind === 'area'
      ? chart.addSeries(AreaSeries, { ...common, ...colorOptions(kind, color), lineWidth: 2, crosshairMarkerVisible: !compact })
      : chart.addSeries(LineSeries, { ...common, ...colorOptions(kind, color), lineWidth: 2, crosshairMarkerVisible: !compact });
  series.setData(bars.map((bar) => ({ time: bar.time as UTCTimestamp, value: bar.close })));
  return series;
}

/** A line or area's colour (candles have their own): applied to the series in place, not by rebuilding it. */
function colorOptions(kind: ChartKind, color: string) {
  if (kind === 'area') return { lineColor: color, topColor: `${color}40`, bottomColor: `${color}05` };
  if (kind === 'line') return { color };
  return {};
}

/** The last bar moved to a live price, or the next bar once the last one's time has passed. */
function followLivePrice(last: Bar, livePrice: number, liveTime: number, interval: number): Bar {
  const step = interval > 0 ? interval : 60;
  if (liveTime < last.time + step) {
    return { ...last, close: livePrice, high: Math.max(last.high, livePrice), low: Math.min(last.low, livePrice) };
  }
  const time = last.time + step * Math.floor((liveTime - last.time) / step);
  return { time, open: last.close, high: Math.max(last.close, livePrice), low: Math.min(last.close, livePrice), close: livePrice };
}

/**
 * A live price moves the last bar, or opens the next one once the bar's time has passed; batched,
 * since each move redraws the canvas.
 */
function useLiveBar(
  seriesRef: RefObject<ISeriesApi<SeriesType> | null>,
  lastBarRef: RefObject<Bar | null>,
  live: LivePrice | undefined,
  interval: number,
  kind: ChartKind,
): void {
  const batched = useBatchedLive(live);
  const livePrice = batched?.price;
  const liveTime = batched?.time;
  useEffect(() => {
    const series = seriesRef.current;
    const last = lastBarRef.current;
    if (!series || !last || livePrice === undefined || liveTime === undefined || !Number.isFinite(livePrice)) return;
    if (liveTime < last.time) return;
    const bar = followLivePrice(last, livePrice, liveTime, interval);
    if (kind === 'candle') series.update({ ...bar, time: bar.time as UTCTimestamp });
    else series.update({ time: bar.time as UTCTimestamp, value: bar.close });
    lastBarRef.current = bar;
  }, [seriesRef, lastBarRef, livePrice, liveTime, interval, kind]);
}

/**
 * The one wrapper around lightweight-charts (v5): area, line or candlesticks with volume, drawn
 * from kline points, with the last bar following the live price. Everything else in the app
 * renders charts through this component (tests replace it, since happy-dom has no canvas).
 */
export function PriceChart({
  points,
  kind,
  interval,
  precision,
  trend,
  live,
  baseline,
  showTime = false,
  compact = false,
  height = 260,
  label,
}: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<SeriesType> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const lastBarRef = useRef<Bar | null>(null);
  const theme = useChartTheme();
  // The trend flips as a live price crosses the previous close: a new colour only, not new data.
  const color = colorOf(theme, trend);
  const colorRef = useRef(color);
  colorRef.current = color;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = createChart(container, chartOptions(container, theme, compact));
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      volumeRef.current = null;
    };
    // Made once per `compact`; the theme's colours are applied by the effect below when they change.
  }, [compact]);

  useEffect(() => {
    chartRef.current?.applyOptions({
      layout: { textColor: theme.text },
      grid: { horzLines: { color: compact ? 'transparent' : theme.grid } },
      crosshair: { vertLine: { color: theme.crosshair }, horzLine: { color: theme.crosshair } },
    });
  }, [theme, compact]);

  // The price scale writes numbers as the app's language does (45.123,50 in German), at the instrument's precision.
  const locale = formatLocale();
  useEffect(() => {
    chartRef.current?.applyOptions({
      localization: { timeFormatter: (time: Time) => crosshairTime(time, showTime), priceFormatter: (price: number) => formatPrice(price, precision) },
      timeScale: { timeVisible: showTime, secondsVisible: false },
    });
  }, [showTime, compact, precision, locale]);

  // Rebuilt only when the data, the kind or the theme change (not on every tick's new trend).
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (seriesRef.current) chart.removeSeries(seriesRef.current);
    if (volumeRef.current) chart.removeSeries(volumeRef.current);
    seriesRef.current = null;
    volumeRef.current = null;

    const { bars, volumes } = toBars(points);
    const color = colorRef.current;
    const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
    const common = { priceFormat, lastValueVisible: !compact, priceLineVisible: !compact };

    const series = addPriceSeries(chart, kind, bars, { ...common, color, theme, compact });
    if (baseline !== undefined && Number.isFinite(baseline) && !compact) {
      series.createPriceLine({
        price: baseline,
        color: theme.crosshair,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
        title: '',
      });
    }
    seriesRef.current = series;

    // Volume bars along the bottom, where there is volume (not for indices or forex).
    if (!compact && volumes.some((v) => v.value > 0)) {
      const volume = chart.addSeries(HistogramSeries, {
        priceFormat: { type: 'volume' },
        priceScaleId: 'volume',
        lastValueVisible: false,
        priceLineVisible: false,
      });
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
      volume.setData(
        volumes.map((v) => ({ time: v.time as UTCTimestamp, value: v.value, color: v.up ? `${theme.rise}55` : `${theme.fall}55` })),
      );
      volumeRef.current = volume;
    }

    lastBarRef.current = bars.at(-1) ?? null;
    chart.timeScale().fitContent();
  }, [points, kind, precision, baseline, compact, theme]);

  useEffect(() => {
    seriesRef.current?.applyOptions(colorOptions(kind, color));
  }, [kind, color]);

  useLiveBar(seriesRef, lastBarRef, live, interval, kind);

  // A figure, not an img: the chart holds a link (the library's attribution), which an img may not contain.
  return <div ref={containerRef} className="price-chart" style={{ height }} role="figure" aria-label={label} data-kind={kind} />;
}
