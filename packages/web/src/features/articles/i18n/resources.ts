import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
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

/** Adds the seven `articles` bundles; safe to call again (a hot reload, a second test). */
export function registerArticlesTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(articlesTranslations)) {
    instance.addResourceBundle(locale, ARTICLES_NAMESPACE, resource, true, true);
  }
}
