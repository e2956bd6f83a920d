import type { Locale } from '@tradewind/contract';
import { type ReactNode, useId } from 'react';

/*
 * Small inline SVG flags (3:2) for the language picker, drawn here so they need no network request,
 * no data: URL (strict CSP) and no image package. Simplified, but recognisable at 28 px.
 */
function Flag({ children }: { children: ReactNode }) {
  // Ids must be unique in the document, and seven flags share one page.
  const clipId = useId();
  return (
    <svg className="flag" width="28" height="20" viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <rect width="30" height="20" rx="3" />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>{children}</g>
      <rect width="30" height="20" rx="3" fill="none" stroke="rgba(0,0,0,0.12)" />
    </svg>
  );
}

const usStripes = Array.from({ length: 13 }, (_, i) => i);
const usStars = Array.from({ length: 20 }, (_, i) => ({ x: 1.6 + (i % 5) * 2.4 + (Math.floor(i / 5) % 2) * 1.2, y: 1.5 + Math.floor(i / 5) * 2.4 }));

function UnitedStatesFlag() {
  return (
    <Flag>
      {usStripes.map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13 + 0.05} fill={i % 2 === 0 ? '#B22234' : '#FFFFFF'} />
      ))}
      <rect width="13" height={(7 * 20) / 13} fill="#3C3B6E" />
      {usStars.map(({ x, y }) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="0.55" fill="#FFFFFF" />
      ))}
    </Flag>
  );
}

function GermanyFlag() {
  return (
    <Flag>
      <rect width="30" height="6.67" fill="#000000" />
      <rect y="6.67" width="30" height="6.67" fill="#DD0000" />
      <rect y="13.33" width="30" height="6.67" fill="#FFCE00" />
    </Flag>
  );
}

function IndiaFlag() {
  return (
    <Flag>
      <rect width="30" height="6.67" fill="#FF9933" />
      <rect y="6.67" width="30" height="6.67" fill="#FFFFFF" />
      <rect y="13.33" width="30" height="6.67" fill="#138808" />
      <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.6" />
      <circle cx="15" cy="10" r="0.6" fill="#000080" />
    </Flag>
  );
}

function JapanFlag() {
  return (
    <Flag>
      <rect width="30" height="20" fill="#FFFFFF" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </Flag>
  );
}

function ThailandFlag() {
  return (
    <Flag>
      <rect width="30" height="20" fill="#A51931" />
      <rect y="3.33" width="30" height="13.34" fill="#F4F5F8" />
      <rect y="6.67" width="30" height="6.66" fill="#2D2A4A" />
    </Flag>
  );
}

/** A five-pointed star centred on (cx, cy) with outer radius r. */
function starPoints(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

function ChinaFlag() {
  return (
    <Flag>
      <rect width="30" height="20" fill="#EE1C25" />
      <polygon points={starPoints(5, 5, 3)} fill="#FFFF00" />
      <polygon points={starPoints(10, 2, 1)} fill="#FFFF00" />
      <polygon points={starPoints(12, 4, 1)} fill="#FFFF00" />
      <polygon points={starPoints(12, 7, 1)} fill="#FFFF00" />
      <polygon points={starPoints(10, 9, 1)} fill="#FFFF00" />
    </Flag>
  );
}

function TaiwanFlag() {
  const rays = Array.from({ length: 12 }, (_, i) => i * 30);
  return (
    <Flag>
      <rect width="30" height="20" fill="#FE0000" />
      <rect width="15" height="10" fill="#000095" />
      {rays.map((deg) => (
        <polygon key={deg} points="7.5,1.6 8.1,5 6.9,5" fill="#FFFFFF" transform={`rotate(${deg} 7.5 5)`} />
      ))}
      <circle cx="7.5" cy="5" r="2.1" fill="#FFFFFF" stroke="#000095" strokeWidth="0.4" />
    </Flag>
  );
}

export const flagByLocale: Record<Locale, () => ReactNode> = {
  en: UnitedStatesFlag,
  de: GermanyFlag,
  hi: IndiaFlag,
  ja: JapanFlag,
  th: ThailandFlag,
  'zh-CN': ChinaFlag,
  'zh-TW': TaiwanFlag,
};
