import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from '../lib/router/router';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/app-routes';
import { createQueryClient } from '../app/query-client';
import { saveSession } from '../lib/session/session-store';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { sampleQuote, spx } from '../test/sample-quote';
import { sampleUser } from '../test/sample-user';
import en from './locales/en';
import enFirstPaint from './locales/en-first-paint';
import enLater from './locales/en-later';

vi.mock('../components/chart/price-chart', () => import('../test/chart-stub'));

/** An i18n instance holding only what Home's first paint bundles, recording every key it lacks. */
async function firstPaintTextsOnly(missing: string[]) {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: { ...enFirstPaint } } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
    showSupportNotice: false,
  });
  return instance;
}

async function renderHomeWithFirstPaintTexts(): Promise<string[]> {
  const missing: string[] = [];
  const instance = await firstPaintTextsOnly(missing);
  render(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/pages/home/index']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('navigation', { name: 'Global indices' });
  await screen.findByRole('list', { name: 'Hot stocks' });
  return missing;
}

describe("Home's first paint texts (en-first-paint.ts)", () => {
  it('with en-later.ts make up the English texts, no section in both', () => {
    expect(Object.keys(enFirstPaint).filter((section) => Object.hasOwn(enLater, section))).toEqual([]);
    expect(Object.keys(en).sort()).toEqual([...Object.keys(enFirstPaint), ...Object.keys(enLater)].sort());
  });

  it.each([
    ['a visitor', false],
    ['a signed-in user', true],
  ])('hold every text the shell and Home show %s', async (_who, signedIn) => {
    if (signedIn) saveSession({ token: 'token-1', user: sampleUser() });
    installFakeFetch({
      '/m_ft/global_index': () => envelope([spx()]),
      '/m_ft/home_custom_list': () => envelope([sampleQuote()]),
      '/m_ft/hot_stock': () => envelope([sampleQuote({ name: 'NVIDIA Corp', stock_code: 'NVDA' })]),
    });
    expect(await renderHomeWithFirstPaintTexts()).toEqual([]);
  });
});
