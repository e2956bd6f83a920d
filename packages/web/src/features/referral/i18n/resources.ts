import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type ReferralResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The referral page's own i18next namespace, added when its chunk loads. */
export const REFERRAL_NAMESPACE = 'referral';

export const referralTranslations: Record<Locale, ReferralResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `referral` bundles; safe to call again (a hot reload, a second test). */
export function registerReferralTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(referralTranslations)) {
    instance.addResourceBundle(locale, REFERRAL_NAMESPACE, resource, true, true);
  }
}
