import type { PriceChartProps } from '../components/chart/price-chart';

/**
 * Stands in for the lightweight-charts wrapper in component tests (happy-dom has no canvas):
 * shows what the chart was asked to draw. Use with
 * `vi.mock('…/components/chart/price-chart', () => import('…/test/chart-stub'))`.
 */
export function PriceChart({ kind, points, live, label }: PriceChartProps) {
  return (
    <div
      data-testid="price-chart"
      role="img"
      aria-label={label}
      data-kind={kind}
      data-points={points.length}
      data-last-close={points.at(-1)?.close}
      data-live-price={live?.price}
    />
  );
}
