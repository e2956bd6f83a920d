import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
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

/** Adds the seven `statement` bundles; safe to call again (a hot reload, a second test). */
export function registerStatementTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(statementTranslations)) {
    instance.addResourceBundle(locale, STATEMENT_NAMESPACE, resource, true, true);
  }
}
