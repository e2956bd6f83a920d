import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALL_COLOR, RISE_COLOR } from '../lib/constants';

// The stylesheets as shipped, read from disk: the test setup turns CSS imports into empty modules.
const here = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname);
const globalCss = readFileSync(here('./global.css'), 'utf8');
const marketCss = readFileSync(here('./market.css'), 'utf8');

/*
 * WCAG 2.1 contrast of the theme's colours, read from the CSS the app ships (global.css, market.css),
 * in the light theme and in the dark one (`data-theme="dark"`: the phone's setting or Settings › Appearance): 4.5:1 for text, 3:1 for lines and
 * other non-text marks (1.4.3, 1.4.11). docs/accessibility.md has the table this prints.
 */

type Tokens = Map<string, string>;

/** Custom properties declared in `:root { … }` blocks of a CSS text (nested blocks such as @media skipped). */
function rootTokens(css: string): Tokens {
  const tokens: Tokens = new Map();
  for (const block of css.matchAll(/(^|\n):root \{([^}]*)\}/g)) {
    for (const declaration of (block[2] ?? '').matchAll(/(--[\w-]+):\s*([^;]+);/g)) tokens.set(declaration[1] ?? '', (declaration[2] ?? '').trim());
  }
  return tokens;
}

/** The custom properties of `:root[data-theme='dark'] { … }` (set by public/theme.js from Settings › Appearance or the phone). */
function darkTokens(css: string): Tokens {
  const block = /(^|\n):root\[data-theme='dark'\] \{([^}]*)\}/.exec(css);
  if (!block) throw new Error('global.css has no dark theme');
  return new Map([...(block[2] ?? '').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));
}

const lightTokens: Tokens = new Map([...rootTokens(globalCss), ...rootTokens(marketCss)]);
const themes: Record<'light' | 'dark', Tokens> = {
  light: lightTokens,
  dark: new Map([...lightTokens, ...darkTokens(globalCss)]),
};

function resolve(tokens: Tokens, value: string, depth = 0): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  const next = tokens.get(reference[1] ?? '');
  if (next === undefined || depth > 8) throw new Error(`${value} is not defined`);
  return resolve(tokens, next, depth + 1);
}

function color(theme: 'light' | 'dark', nameOrHex: string): string {
  const value = nameOrHex.startsWith('--') ? resolve(themes[theme], themes[theme].get(nameOrHex) ?? `var(${nameOrHex})`) : nameOrHex;
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${nameOrHex} is ${value} in the ${theme} theme, not #rrggbb`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT = 4.5;
const NON_TEXT = 3;

/** [what, foreground, background, minimum]: the pairs the screens draw. */
const pairs: [string, string, string, number][] = [
  ['text on a card', '--tw-color-text', '--tw-color-surface', TEXT],
  ['text on the page', '--tw-color-text', '--tw-color-background', TEXT],
  ['secondary text on a card', '--tw-color-text-secondary', '--tw-color-surface', TEXT],
  ['secondary text on the page', '--tw-color-text-secondary', '--tw-color-background', TEXT],
  ['muted text on a card', '--tw-color-text-muted', '--tw-color-surface', TEXT],
  ['muted text on the page', '--tw-color-text-muted', '--tw-color-background', TEXT],
  ['muted text on a fill', '--tw-color-text-muted', '--tw-color-fill', TEXT],
  ['secondary text on a track (Trade tabs)', '--tw-color-text-secondary', '--tw-color-fill-strong', TEXT],
  ['rise price on a card', '--tw-color-rise', '--tw-color-surface', TEXT],
  ['rise price on the page', '--tw-color-rise', '--tw-color-background', TEXT],
  ['fall price on a card', '--tw-color-fall', '--tw-color-surface', TEXT],
  ['fall price on the page', '--tw-color-fall', '--tw-color-background', TEXT],
  ['unchanged price on a card', '--tw-color-flat', '--tw-color-surface', TEXT],
  ['link / primary text on a card', '--tw-color-brand-text', '--tw-color-surface', TEXT],
  ['link / primary text on the page', '--tw-color-brand-text', '--tw-color-background', TEXT],
  ['white on the primary button', '#ffffff', '--tw-color-brand', TEXT],
  ['white on a rise fill (buy button, badge)', '#ffffff', '--tw-color-rise-fill', TEXT],
  ['white on a fall fill (sell button, badge)', '#ffffff', '--tw-color-fall-fill', TEXT],
  ['white on an unchanged fill', '#ffffff', '--tw-color-flat-fill', TEXT],
  ['warning text on its tint', '--tw-color-warning-text', '--tw-color-warning-bg', TEXT],
  // A position's risk line (position-risk.css): caution is the warning pair above, danger these.
  ['danger text on its tint (near liquidation)', '--tw-color-danger-text', '--tw-color-danger-bg', TEXT],
  ['danger text on a card', '--tw-color-danger-text', '--tw-color-surface', TEXT],
  ['rise chart line on a card', '--tw-color-rise', '--tw-color-surface', NON_TEXT],
  ['fall chart line on a card', '--tw-color-fall', '--tw-color-surface', NON_TEXT],
  ['focus ring on a card', '--tw-color-brand-text', '--tw-color-surface', NON_TEXT],
  ['focus ring on the page', '--tw-color-brand-text', '--tw-color-background', NON_TEXT],
];

describe('theme contrast (WCAG 2.1, colours read from global.css and market.css)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it.each(pairs)(`${theme}: %s`, (_what, foreground, background, minimum) => {
      const ratio = contrast(color(theme, foreground), color(theme, background));
      expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
    });
  }

  it('SPEC §9 colours: the dark theme shows rise #00AF46 itself, the light theme fall #DF1525 itself', () => {
    expect(color('dark', '--tw-color-rise').toUpperCase()).toBe(RISE_COLOR);
    expect(color('light', '--tw-color-fall').toUpperCase()).toBe(FALL_COLOR);
    // Why the light rise differs: the SPEC green is under 3:1 on white, too light even for a line.
    expect(contrast(RISE_COLOR, '#ffffff')).toBeLessThan(NON_TEXT);
  });

  it('prints the table for docs/accessibility.md', () => {
    const rows = pairs.map(([what, fg, bg, min]) => {
      const cell = (theme: 'light' | 'dark') => `${color(theme, fg)} on ${color(theme, bg)}: ${contrast(color(theme, fg), color(theme, bg)).toFixed(2)}`;
      return `| ${what} | ${min}:1 | ${cell('light')} | ${cell('dark')} |`;
    });
    console.log(['| pair | needs | light | dark |', '|:--|--:|:--|:--|', ...rows].join('\n'));
    expect(rows).toHaveLength(pairs.length);
  });
});
