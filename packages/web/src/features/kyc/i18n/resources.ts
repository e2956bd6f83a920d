import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
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

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerKycTranslations(instance: I18n): void {
  registerNamespace(instance, KYC_NAMESPACE, kycTranslations);
}
