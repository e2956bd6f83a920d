import type { Locale } from '@tradewind/contract';
import de from './locales/de';
import en, { type TranslationResource } from './locales/en';
import hi from './locales/hi';
import ja from './locales/ja';
import th from './locales/th';
import zhCN from './locales/zh-cn';
import zhTW from './locales/zh-tw';

/** Bundled, not fetched: seven small files are cheaper than a request before the first paint. */
export const translations: Record<Locale, TranslationResource> = {
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};
