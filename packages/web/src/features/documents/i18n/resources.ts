import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';
import { registerNamespace } from '../../../i18n/register-namespace';
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

/** Adds the seven bundles of this namespace (see registerNamespace). */
export function registerDocumentsTranslations(instance: I18n): void {
  registerNamespace(instance, DOCUMENTS_NAMESPACE, documentsTranslations);
}
