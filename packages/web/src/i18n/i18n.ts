import { type Locale, defaultLocale, languageHeaderByLocale, locales } from '@tradewind/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, readStorage, writeStorage } from '../lib/storage';
import { translations } from './resources';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The remembered locale (`UNI_LOCALE`), English when nothing valid is stored (SPEC §9). */
export function storedLocale(): Locale {
  const stored = readStorage(StorageKey.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

const resources = Object.fromEntries(
  Object.entries(translations).map(([locale, translation]) => [locale, { translation }]),
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  // Resources are bundled, so initialising synchronously lets the first render be translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}

/** The value of the `languages` / `accept-language` headers for the current locale (SPEC §7). */
export function languageHeader(): string {
  return languageHeaderByLocale[currentLocale()];
}

export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage(StorageKey.locale, locale);
  await i18n.changeLanguage(locale);
}
