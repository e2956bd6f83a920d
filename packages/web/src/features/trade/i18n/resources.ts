import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type StopsResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The `stops` i18next namespace, added when a chunk that uses it loads. */
export const STOPS_NAMESPACE = 'stops';

export const stopsTranslations: Record<Locale, StopsResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `stops` bundles; safe to call again (a hot reload, a second test). */
export function registerStopsTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(stopsTranslations)) {
    instance.addResourceBundle(locale, STOPS_NAMESPACE, resource, true, true);
  }
}
