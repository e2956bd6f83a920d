import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type AdminResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The back office's own i18next namespace, added when its chunk loads (the app's bundle stays lean). */
export const ADMIN_NAMESPACE = 'admin';

export const adminTranslations: Record<Locale, AdminResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `admin` bundles; safe to call again (a hot reload, a second test). */
export function registerAdminTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(adminTranslations)) {
    instance.addResourceBundle(locale, ADMIN_NAMESPACE, resource, true, true);
  }
}
