import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type KycResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The identity-verification pages' own i18next namespace, added when their chunk loads. */
export const KYC_NAMESPACE = 'kyc';

export const kycTranslations: Record<Locale, KycResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `kyc` bundles; safe to call again (a hot reload, a second test). */
export function registerKycTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(kycTranslations)) {
    instance.addResourceBundle(locale, KYC_NAMESPACE, resource, true, true);
  }
}
