import { type Locale, locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { flatten, type Tree } from '../test/locale-tree';

/**
 * Every feature's own namespace: each `features/<name>/i18n/resources.ts` exports one
 * `Record<Locale, resource>`. Found by glob so that a feature added later is checked without
 * anyone remembering to list it here.
 */
const resourceModules = import.meta.glob<Record<string, unknown>>('../features/*/i18n/resources.ts', { eager: true });

function isLocaleRecord(value: unknown): value is Record<Locale, Tree> {
  return typeof value === 'object' && value !== null && 'en' in value;
}

const namespaces = Object.entries(resourceModules).map(([path, module]) => {
  const feature = /features\/([^/]+)\/i18n/.exec(path)?.[1] ?? path;
  const records = Object.values(module).filter(isLocaleRecord);
  return { feature, records };
});

/**
 * `feature:key` texts that may equal the English one. Only names, codes and words a language
 * really spells like English; each entry says why. Keep this list short.
 */
// SWIFT and BIC are the international names of the bank code; banks print them so in every language.
const bankCodeNames = ['funding:deposit.swift'];
const sameAsEnglishAllowed: Partial<Record<Locale, readonly string[]>> = {
  de: [
    ...bankCodeNames,
    // German: "Bank", "Wallet" (a crypto wallet) and "Name" are the German words.
    'funding:deposit.bankName',
    'funding:withdraw.toWallet',
    'kyc:facts.name',
  ],
  hi: bankCodeNames,
  ja: bankCodeNames,
  th: bankCodeNames,
  'zh-CN': bankCodeNames,
  'zh-TW': bankCodeNames,
};

const interpolations = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const others = locales.filter((locale) => locale !== 'en');

describe('the feature namespaces', () => {
  it('are found, including the three that once shipped English placeholders', () => {
    expect(namespaces.map(({ feature }) => feature)).toEqual(expect.arrayContaining(['funding', 'kyc', 'inbox']));
  });

  it.each(namespaces)('$feature exports one resource per locale, all seven', ({ records }) => {
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0] ?? {}).sort()).toEqual([...locales].sort());
  });
});

describe.each(namespaces.flatMap(({ feature, records }) => others.map((locale) => ({ feature, locale, resources: records[0] }))))(
  '$feature namespace, locale $locale',
  ({ feature, locale, resources }) => {
    const english = flatten(resources?.en ?? {});
    const translated = flatten(resources?.[locale] ?? {});

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
      const untranslated = [...english].filter(([key, text]) => translated.get(key) === text && !allowed.has(`${feature}:${key}`));
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
  },
);
