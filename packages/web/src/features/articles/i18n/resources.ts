import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
import de from './de';
import en, { type ArticlesResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The article pages' own i18next namespace, added when their chunk loads. */
export const ARTICLES_NAMESPACE = 'articles';

export const articlesTranslations: Record<Locale, ArticlesResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerArticlesTranslations(instance: I18n): void {
  registerNamespace(instance, ARTICLES_NAMESPACE, articlesTranslations);
}
