import { locales } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, en, translate } from './messages.js';

describe('server messages', () => {
  it.each(locales.filter((l) => l !== 'en'))('%s has every key of en, translated, with the same placeholders', (locale) => {
    const catalog = catalogs[locale];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const text = catalog[key as keyof typeof en];
      expect(text, `${locale}.${key}`).not.toBe(english);
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(english));
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'tooManyRequests', { seconds: 30 })).toBe('Too many requests. Try again in 30 seconds');
  });
});
