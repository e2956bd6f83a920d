import { type Locale, defaultLocale } from '@tradewind/contract';

/**
 * The app language the formatters (numbers, money, dates) follow. Kept here rather than read from
 * i18next so that `lib/format-*` stay free of the i18n set-up; `i18n/i18n.ts` sets it on start and
 * on every language change, before the re-render that shows the new texts.
 */
let active: Locale = defaultLocale;

export function setFormatLocale(locale: Locale): void {
  active = locale;
}

export function formatLocale(): Locale {
  return active;
}

/**
 * The BCP 47 tag handed to Intl for each app locale. Region tags pick the grouping people expect
 * (hi-IN groups 12,34,567.50); Thai keeps the Gregorian calendar (`ca-gregory`) so a trade date reads
 * the same year as the exchange's, and every locale keeps Latin digits (`nu-latn`), as prices do.
 */
const intlTags: Record<Locale, string> = {
  en: 'en-US',
  de: 'de-DE',
  hi: 'hi-IN-u-nu-latn',
  ja: 'ja-JP',
  th: 'th-TH-u-ca-gregory-nu-latn',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
};

export function intlLocale(locale: Locale = active): string {
  return intlTags[locale];
}
