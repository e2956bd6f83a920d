const WIDTH = 120;
const HEIGHT = 36;

/** The model portfolio's value over the last year (weekly, index from 100) as a small line. */
export function TrackRecordChart({ curve, label }: { curve: readonly number[]; label: string }) {
  if (curve.length < 2) return null;
  const low = Math.min(...curve);
  const high = Math.max(...curve);
  const span = high - low || 1;
  const points = curve.map((value, i) => `${((i / (curve.length - 1)) * WIDTH).toFixed(1)},${(HEIGHT - ((value - low) / span) * HEIGHT).toFixed(1)}`).join(' ');
  const up = (curve.at(-1) ?? 0) >= (curve[0] ?? 0);
  return (
    <svg className={`follow-curve ${up ? 'trend-rise' : 'trend-fall'}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
