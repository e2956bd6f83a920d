import { locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import en from './en';
import { ADMIN_NAMESPACE, adminTranslations, registerAdminTranslations } from './resources';
import { flatten } from '../../test/locale-tree';

/** Texts that are the same in every language: the brand, a sample address, a dash. */
const sameEverywhere = ['app.brand', 'users.searchPlaceholder', 'common.none'];

/** Words a locale really spells like English; each one checked, keep the list short. */
const sameAsEnglishAllowed: Partial<Record<string, readonly string[]>> = {
  // German uses these words as they are.
  de: ['common.status', 'status.filter', 'kyc.name', 'users.name', 'users.instrument', 'walletTypes.FUTURE', 'outbox.code', 'audit.system'],
};

const interpolations = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(en);
const others = locales.filter((locale) => locale !== 'en');

describe('the admin namespace', () => {
  it('has a resource for each of the seven locales', () => {
    expect(Object.keys(adminTranslations).sort()).toEqual([...locales].sort());
  });

  it('is added to i18next as its own namespace, leaving the app’s texts alone', () => {
    registerAdminTranslations(i18n);
    expect(i18n.hasResourceBundle('ja', ADMIN_NAMESPACE)).toBe(true);
    // The app's i18next types know only its default namespace; this test reads the other one.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
    expect(translate('nav.deposits', { ns: ADMIN_NAMESPACE, lng: 'ja' })).toBe('入金');
    expect(translate('deposits.approveTitle', { ns: ADMIN_NAMESPACE, lng: 'de', id: 7 })).toBe('Einzahlung #7 genehmigen?');
    expect(i18n.t('tabs.home')).toBe('Home');
  });
});

describe.each(others)('admin locale %s', (locale) => {
  const translated = flatten(adminTranslations[locale]);

  it('has every key that English has', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    expect(missing).toEqual([]);
  });

  it('has no key that English lacks', () => {
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
  });

  it('translates every value (no English left behind)', () => {
    const allowed = new Set([...sameEverywhere, ...(sameAsEnglishAllowed[locale] ?? [])]);
    const untranslated = [...english].filter(([key, text]) => translated.get(key) === text && !allowed.has(key));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('has no empty value', () => {
    const empty = [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the interpolation variables of each English text', () => {
    const broken = [...english]
      .filter(([key, text]) => JSON.stringify(interpolations(text)) !== JSON.stringify(interpolations(translated.get(key) ?? '')))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });
});
