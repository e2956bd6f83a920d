import { Suspense, lazy } from 'react';
import type { PriceChartProps } from './price-chart';

// The charting library is the heaviest piece of Home; it arrives after the first paint.
const PriceChart = lazy(() => import('./price-chart').then((m) => ({ default: m.PriceChart })));

/** `PriceChart` fetched on demand; until it arrives its place is held at the chart's height. */
export function LazyPriceChart(props: PriceChartProps) {
  return (
    <Suspense fallback={<div className="skeleton" style={{ height: props.height }} aria-hidden />}>
      <PriceChart {...props} />
    </Suspense>
  );
}
