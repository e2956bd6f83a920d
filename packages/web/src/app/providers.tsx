import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import thTH from 'antd-mobile/es/locales/th-TH';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { Locale } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, isLocale } from '../i18n/i18n';

// antd-mobile ships no Hindi texts; its few built-in labels fall back to English there.
const componentLocales: Record<Locale, typeof enUS> = {
  en: enUS,
  de: deDE,
  hi: enUS,
  ja: jaJP,
  th: thTH,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

function ComponentLocale({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = isLocale(instance.language) ? componentLocales[instance.language] : enUS;
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ComponentLocale>{children}</ComponentLocale>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
