import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Locale } from '@tradewind/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, isLocale } from '../i18n/i18n';

type ComponentLocaleTexts = typeof enUS;

/*
 * antd-mobile's own texts (dialog buttons, pull-to-refresh…): English is bundled, the others are
 * loaded when chosen, like the app's locales (Home's first paint carries one language).
 * antd-mobile ships no Hindi texts; its few built-in labels fall back to English there.
 */
const componentLocales: Record<Locale, () => Promise<ComponentLocaleTexts>> = {
  en: () => Promise.resolve(enUS),
  de: () => import('antd-mobile/es/locales/de-DE').then((module) => module.default),
  hi: () => Promise.resolve(enUS),
  ja: () => import('antd-mobile/es/locales/ja-JP').then((module) => module.default),
  th: () => import('antd-mobile/es/locales/th-TH').then((module) => module.default),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN').then((module) => module.default),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW').then((module) => module.default),
};

function ComponentLocale({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = isLocale(instance.language) ? instance.language : 'en';
  const [texts, setTexts] = useState<ComponentLocaleTexts>(enUS);
  useEffect(() => {
    let current = true;
    componentLocales[language]().then(
      (loaded) => {
        if (current) setTexts(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return <ConfigProvider locale={texts}>{children}</ConfigProvider>;
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
