import type { ReactNode, SVGProps } from 'react';

/*
 * A small hand-drawn icon set (24×24, stroked in currentColor) so the app needs no icon package and
 * icons follow the text colour of wherever they sit. All are decorative: the control next to or
 * around them carries the accessible name.
 */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export type IconProps = SVGProps<SVGSVGElement>;
