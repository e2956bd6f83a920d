import { locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en';
import { translations } from './resources';
import { flatten } from '../test/locale-tree';

/**
 * Keys whose value may equal the English one in a given locale: names that are not translated
 * (brands, tickers, codes). Each entry says why; keep this list short.
 */
// `order.confirmLine` is only values and signs ("{{direction}} {{quantity}} × {{name}}"), the same in every language.
const valuesOnly = ['order.confirmLine'] as const;
const sameAsEnglishAllowed: Partial<Record<string, readonly string[]>> = {
  de: valuesOnly,
  hi: valuesOnly,
  ja: valuesOnly,
  th: valuesOnly,
  'zh-CN': valuesOnly,
  'zh-TW': valuesOnly,
};

const interpolations = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(en);
const others = locales.filter((locale) => locale !== 'en');

describe.each(others)('locale %s', (locale) => {
  const translated = flatten(translations[locale]);

  it('has every key that English has', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    expect(missing).toEqual([]);
  });

  it('has no key that English lacks', () => {
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
  });

  it('translates every value (no English left behind)', () => {
    const allowed = new Set(sameAsEnglishAllowed[locale] ?? []);
    const untranslated = [...english].filter(([key, text]) => translated.get(key) === text && !allowed.has(key));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('has no empty value', () => {
    const empty = [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the interpolation variables of each English text', () => {
    const broken = [...english]
      .filter(([key, text]) => JSON.stringify(interpolations(text)) !== JSON.stringify(interpolations(translated.get(key) ?? '')))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });
});

describe('the locale list', () => {
  it('offers the seven locales of DESIGN §10', () => {
    expect(Object.keys(translations).sort()).toEqual([...locales].sort());
  });
});
