import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
import de from './de';
import en, { type FundingResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The deposit, withdrawal and payment-method pages' own i18next namespace, added when their chunk loads. */
export const FUNDING_NAMESPACE = 'funding';

export const fundingTranslations: Record<Locale, FundingResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerFundingTranslations(instance: I18n): void {
  registerNamespace(instance, FUNDING_NAMESPACE, fundingTranslations);
}
