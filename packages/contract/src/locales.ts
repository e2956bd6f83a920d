/** The seven interface locales (DESIGN §10). `en` is the default and the fallback. */
export const locales = ['en', 'de', 'hi', 'ja', 'th', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** SPEC §7: the `languages` header carries the locale in this spelling. */
export const languageHeaderByLocale: Record<Locale, string> = {
  en: 'en',
  de: 'de',
  hi: 'hi',
  ja: 'ja',
  th: 'th',
  'zh-CN': 'zh_CN',
  'zh-TW': 'zh_TW',
};

/** Reads a header value such as `zh_TW`, `zh-Hant`, `ja-JP,ja;q=0.9` or `de` into a supported locale. */
export function localeFromHeader(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().replace('_', '-').toLowerCase();
    if (!tag) continue;
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    const base = tag.split('-')[0];
    const match = locales.find((l) => l === base);
    if (match) return match;
  }
  return undefined;
}
