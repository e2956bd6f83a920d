import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
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

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerReferralTranslations(instance: I18n): void {
  registerNamespace(instance, REFERRAL_NAMESPACE, referralTranslations);
}
