import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type RecurringResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The `recurring` i18next namespace, added when a chunk that uses it loads. */
export const RECURRING_NAMESPACE = 'recurring';

export const recurringTranslations: Record<Locale, RecurringResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `recurring` bundles; safe to call again (a hot reload, a second test). */
export function registerRecurringTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(recurringTranslations)) {
    instance.addResourceBundle(locale, RECURRING_NAMESPACE, resource, true, true);
  }
}
