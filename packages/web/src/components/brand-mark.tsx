/** The Tradewind mark: a wind-filled sail over a rising line. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="14" fill="var(--tw-color-brand)" />
      <path d="M24 9c7 5 10 12 9 21H15c4-6 7-13 9-21z" fill="#fff" opacity="0.95" />
      <path d="M11 36c5-3 9-3 13 0s8 3 13 0" fill="none" stroke="#5EF0A0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
