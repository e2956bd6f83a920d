import { useState } from 'react';
import { logoUrl } from '../../api/market/instrument';

/** The instrument's logo, or its initials on a tinted disc when there is none or it fails to load. */
export function InstrumentLogo({ src, code, size = 36 }: { src: string; code: string; size?: number }) {
  const url = logoUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!url || failed === url) {
    const initials = code.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
    return (
      <span className="instrument-logo instrument-logo-fallback" style={{ ...style, fontSize: size * 0.36 }} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      className="instrument-logo"
      style={style}
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(url)}
    />
  );
}
