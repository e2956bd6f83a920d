import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
import de from './de';
import en, { type StatementResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The statement page's own i18next namespace, added when its chunk loads. */
export const STATEMENT_NAMESPACE = 'statement';

export const statementTranslations: Record<Locale, StatementResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerStatementTranslations(instance: I18n): void {
  registerNamespace(instance, STATEMENT_NAMESPACE, statementTranslations);
}
