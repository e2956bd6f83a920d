import { type Locale, defaultLocale, intlTags } from '@tradewind/contract';

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

/** The BCP 47 tag handed to Intl for the app's language (the contract's `intlTags`: regional grouping, Latin digits). */
export function intlLocale(locale: Locale = active): string {
  return intlTags[locale];
}
