import { describe, expect, it } from 'vitest';
import { StorageKey } from '../lib/storage';
import { changeLocale, currentLocale, i18n, languageHeader, storedLocale } from './i18n';

describe('locale', () => {
  it('defaults to English when nothing (or nonsense) is remembered', () => {
    expect(storedLocale()).toBe('en');
    window.localStorage.setItem(StorageKey.locale, 'klingon');
    expect(storedLocale()).toBe('en');
  });

  it('reads a remembered locale from UNI_LOCALE', () => {
    window.localStorage.setItem(StorageKey.locale, 'th');
    expect(storedLocale()).toBe('th');
  });

  it('remembers a change and maps it to the header spelling', async () => {
    await changeLocale('zh-CN');
    expect(window.localStorage.getItem(StorageKey.locale)).toBe('zh-CN');
    expect(currentLocale()).toBe('zh-CN');
    expect(languageHeader()).toBe('zh_CN');
    expect(i18n.t('tabs.account')).toBe('我的');
  });

  it('falls back to English for a language it does not have', () => {
    expect(i18n.getFixedT('fr')('tabs.home')).toBe('Home');
  });
});
