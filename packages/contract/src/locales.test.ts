import { describe, expect, it } from 'vitest';
import { localeFromHeader } from './locales.js';

describe('localeFromHeader', () => {
  it.each([
    ['zh_TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_CN', 'zh-CN'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['fr-FR,de;q=0.5', 'de'],
    ['th', 'th'],
    ['hi-IN', 'hi'],
  ])('reads %s as %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });

  it('gives undefined for unsupported or empty headers', () => {
    expect(localeFromHeader('fr')).toBeUndefined();
    expect(localeFromHeader('')).toBeUndefined();
    expect(localeFromHeader(undefined)).toBeUndefined();
  });
});
