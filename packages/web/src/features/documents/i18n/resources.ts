import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import de from './de';
import en, { type DocumentsResource } from './en';
import hi from './hi';
import ja from './ja';
import th from './th';
import zhCN from './zh-cn';
import zhTW from './zh-tw';

/** The document viewer's own i18next namespace, added when its chunk loads. */
export const DOCUMENTS_NAMESPACE = 'documents';

export const documentsTranslations: Record<Locale, DocumentsResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Adds the seven `documents` bundles; safe to call again (a hot reload, a second test). */
export function registerDocumentsTranslations(instance: I18n): void {
  for (const [locale, resource] of Object.entries(documentsTranslations)) {
    instance.addResourceBundle(locale, DOCUMENTS_NAMESPACE, resource, true, true);
  }
}
