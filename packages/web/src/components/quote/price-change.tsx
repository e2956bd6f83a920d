import { formatSigned, formatSignedPercent, trendOf } from '../../lib/format-number';

/** Change and change % in the trend colour (SPEC §9: green rise, red fall; grey when flat). */
export function PriceChange({ change, ratio, precision, className }: { change: number; ratio: number; precision: number; className?: string }) {
  const trend = trendOf(change);
  return (
    <span className={`price-change trend-${trend}${className ? ` ${className}` : ''}`}>
      <span className="price-change-value">{formatSigned(change, precision)}</span>
      <span className="price-change-ratio">{formatSignedPercent(ratio)}</span>
    </span>
  );
}
