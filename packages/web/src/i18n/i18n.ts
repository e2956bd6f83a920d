import { type Locale, defaultLocale, languageHeaderByLocale, locales } from '@tradewind/contract';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormatLocale } from '../lib/format-locale';
import { StorageKey, readStorage, writeStorage } from '../lib/storage';
import type { TranslationResource } from './locales/en';
import enFirstPaint from './locales/en-first-paint';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The remembered locale (`UNI_LOCALE`), English when nothing valid is stored (SPEC §9). */
export function storedLocale(): Locale {
  const stored = readStorage(StorageKey.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

/**
 * English (the fallback) is bundled; every other locale is its own chunk, fetched when chosen, so
 * Home's first paint does not carry six languages nobody on this phone reads (issue 10 budget).
 */
const otherLocales: Record<Exclude<Locale, 'en'>, () => Promise<{ default: TranslationResource }>> = {
  de: () => import('./locales/de'),
  hi: () => import('./locales/hi'),
  ja: () => import('./locales/ja'),
  th: () => import('./locales/th'),
  'zh-CN': () => import('./locales/zh-cn'),
  'zh-TW': () => import('./locales/zh-tw'),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    // Feature namespaces register their own bundles (addResourceBundle); only the app's is fetched.
    if (namespace !== 'translation' || !isLocale(language) || language === 'en') return callback(null, {});
    otherLocales[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Settles once the stored locale's texts are in: the app renders after it, translated from the first paint. */
export const i18nReady = i18n
  .use(initReactI18next)
  .use(localeChunks)
  .init({
    // A copy: i18next adds the later texts into the object it was given (the sections do not overlap).
    resources: { en: { translation: { ...enFirstPaint } } },
    partialBundledLanguages: true,
    lng: storedLocale(),
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });

let allTexts: Promise<void> | undefined;

/**
 * Loads the English texts that Home's first paint does not use (`locales/en-later.ts`), once; every
 * page but Home waits for them before it renders, so no key shows untranslated. English is the
 * fallback of every locale, so they are needed whatever the language.
 */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import('./locales/en-later').then(
    (module) => {
      i18n.addResourceBundle('en', 'translation', module.default, true, false);
    },
    (error: unknown) => {
      allTexts = undefined;
      throw error;
    },
  );
  return allTexts;
}

function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  // Numbers, money and dates follow the language (lib/format-locale); set before the re-render.
  setFormatLocale(isLocale(locale) ? locale : defaultLocale);
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
