import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../i18n/register-namespace';
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

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerAdminTranslations(instance: I18n): void {
  registerNamespace(instance, ADMIN_NAMESPACE, adminTranslations);
}
