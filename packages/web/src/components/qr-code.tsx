import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The standard quiet zone around a QR code, in modules, so scanners find its edges. */
const QUIET_ZONE = 4;

/**
 * A QR code of `value`, drawn on the client as one SVG path (no image service sees it): the referral
 * link, the authenticator app's otpauth URI.
 * Error correction M survives a smudged or partly covered print.
 */
export function QrCode({ value, label, size = 200, className = 'qr-code' }: { value: string; label: string; size?: number; className?: string }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value, 'Byte');
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) {
        if (code.isDark(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { count: modules + QUIET_ZONE * 2, path: d };
  }, [value]);

  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
