import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
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

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerRecurringTranslations(instance: I18n): void {
  registerNamespace(instance, RECURRING_NAMESPACE, recurringTranslations);
}
