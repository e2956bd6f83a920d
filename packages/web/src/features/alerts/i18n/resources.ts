import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
import de from './de';
import en, { type AlertsResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The `alerts` i18next namespace, added when a chunk that uses it loads. */
export const ALERTS_NAMESPACE = 'alerts';

export const alertsTranslations: Record<Locale, AlertsResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerAlertsTranslations(instance: I18n): void {
  registerNamespace(instance, ALERTS_NAMESPACE, alertsTranslations);
}
