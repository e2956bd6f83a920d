import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type InboxResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The inbox pages' own i18next namespace, added when their chunk loads. */
export const INBOX_NAMESPACE = 'inbox';

export const inboxTranslations: Record<Locale, InboxResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `inbox` bundles; safe to call again (a hot reload, a second test). */
export function registerInboxTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(inboxTranslations)) {
    instance.addResourceBundle(locale, INBOX_NAMESPACE, resource, true, true);
  }
}
