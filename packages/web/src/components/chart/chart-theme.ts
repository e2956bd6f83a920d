import { useEffect, useState } from 'react';
import { FALL_COLOR, RISE_COLOR } from '../../lib/constants';
import { onThemeChange } from '../../lib/theme';

/*
 * The chart draws on a canvas, where CSS cannot reach: its colours are read from the theme's custom
 * properties (app/global.css) and read again when the page switches between light and dark (the
 * phone's setting or Settings › Appearance: <html data-theme>).
 */

export interface ChartTheme {
  rise: string;
  fall: string;
  flat: string;
  text: string;
  grid: string;
  crosshair: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

function token(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const value = style.getPropertyValue(name).trim();
  // Only #rrggbb: the chart appends an alpha byte to some of them.
  return HEX.test(value) ? value : fallback;
}

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  return {
    rise: token(style, '--tw-color-rise', RISE_COLOR),
    fall: token(style, '--tw-color-fall', FALL_COLOR),
    flat: token(style, '--tw-color-text-secondary', '#5b6478'),
    text: token(style, '--tw-color-text-muted', '#646c7f'),
    grid: token(style, '--tw-color-fill', '#f0f2f6'),
    crosshair: token(style, '--tw-color-text-muted', '#646c7f'),
  };
}

/** The chart's colours, updated when the page's theme changes. */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => onThemeChange(() => setTheme(readChartTheme())), []);
  return theme;
}
