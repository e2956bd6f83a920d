import { type Locale, locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { adminTranslations } from '../admin/i18n/resources';
import { translations } from './resources';
import { flatten, type Tree } from '../test/locale-tree';

/**
 * Beyond "not identical to English" (locales.test.ts, feature-locales.test.ts, the admin's own
 * test): a value that is only partly translated still fails here.
 * - In the languages that do not write in Latin letters (hi, ja, th, zh-CN, zh-TW), every Latin word
 *   of three letters or more must be a name, ticker, unit or format on `latinAllowed`.
 * - In German, no English function word ("the", "your", "please" …) may appear.
 * Every namespace is read: the app's, each feature's (found by glob) and the back office's.
 */
const featureModules = import.meta.glob<Record<string, unknown>>('../features/*/i18n/resources.ts', { eager: true });

const isLocaleRecord = (value: unknown): value is Record<Locale, Tree> => typeof value === 'object' && value !== null && 'en' in value;

const namespaces: Array<{ name: string; resources: Record<Locale, Tree> }> = [
  { name: 'translation', resources: translations },
  { name: 'admin', resources: adminTranslations },
  ...Object.entries(featureModules).flatMap(([path, module]) =>
    Object.values(module)
      .filter(isLocaleRecord)
      .map((resources) => ({ name: /features\/([^/]+)\//.exec(path)?.[1] ?? path, resources })),
  ),
];

/** Latin words that stay Latin in every language: names, tickers, codes, units, formats. */
const latinAllowed = new Set([
  // The brand, and the wallet named FOLLOW as the app labels it.
  'Tradewind', 'FOLLOW',
  // Currencies, exchanges, tickers used as examples.
  'USD', 'TWD', 'TWSE', 'RDDT',
  // Abbreviations used as they are: initial public offering, know-your-customer, user id, bank codes.
  'IPO', 'KYC', 'UID', 'SWIFT', 'BIC',
  // Formats and file types.
  'https', 'URL', 'HTML', 'JPEG', 'PNG', 'WebP', 'CSV', 'PDF', 'SHA', 'UTC', 'App', 'Webview', 'major', 'minor', 'patch',
  // Sample e-mail addresses and a sample bank name in placeholders (name@example.jp, ada@…, First Harbor Bank).
  'name', 'example', 'naam', 'udaharan', 'ada', 'com', 'First', 'Harbor', 'Bank',
]);

/** Names of several words, and samples, taken out before the words are checked. */
const latinPhrasesAllowed = [
  // Authenticator apps named in the two-factor set-up, as their makers spell them.
  'Google Authenticator',
  'Microsoft Authenticator',
  '1Password',
  // The shape of a recovery code, shown as a sample.
  'abcde-fghij',
];

const nonLatinLocales: readonly Locale[] = ['hi', 'ja', 'th', 'zh-CN', 'zh-TW'];

// Whole words only: letters such as ü and ß count as letters (Frühere is not "here").
const germanStopWords = /(?<!\p{L})(the|and|your|you|with|please|this|that|of|is|are|from|for|not|has|have|can|be|by|yet|here|our|we|when|which|who|to|it|on|at|or)(?!\p{L})/iu;

/** What in a translated value is still English, if anything (interpolations like {{name}} are ignored). */
export function englishLeftIn(locale: Locale, value: string): string[] {
  const text = latinPhrasesAllowed.reduce((rest, phrase) => rest.split(phrase).join(' '), value.replace(/{{\s*\w+\s*}}/g, ' '));
  if (nonLatinLocales.includes(locale)) return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !latinAllowed.has(word));
  if (locale === 'de') return germanStopWords.exec(text)?.slice(0, 1) ?? [];
  return [];
}

describe('English left behind in a translation', () => {
  it('reads the app’s, every feature’s and the back office’s namespace', () => {
    expect(namespaces.map((n) => n.name)).toEqual(expect.arrayContaining(['translation', 'admin', 'funding', 'kyc', 'inbox']));
  });

  it('would catch a half-translated value', () => {
    expect(englishLeftIn('ja', '注文 confirmed')).toEqual(['confirmed']);
    expect(englishLeftIn('zh-TW', '{{name}} 的 Position')).toEqual(['Position']);
    expect(englishLeftIn('th', 'IPO ใหม่')).toEqual([]);
    expect(englishLeftIn('de', 'Bitte add your card')).toEqual(['your']);
    expect(englishLeftIn('de', 'Melden Sie sich an')).toEqual([]);
  });

  describe.each(locales.filter((locale) => locale !== 'en'))('%s', (locale) => {
    it.each(namespaces)('$name has none', ({ resources }) => {
      const found = [...flatten(resources[locale] ?? {})]
        .map(([key, value]) => [key, englishLeftIn(locale, value)] as const)
        .filter(([, words]) => words.length > 0)
        .map(([key, words]) => `${key}: ${words.join(', ')}`);
      expect(found).toEqual([]);
    });
  });
});
