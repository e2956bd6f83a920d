import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

describe('settings page: language picker', () => {
  it('offers all seven languages, each with a flag, English chosen by default', async () => {
    renderApp('/pages/setting/index');
    const options = within(await screen.findByRole('radiogroup', { name: 'Language' })).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'Deutsch',
      'हिन्दी',
      '日本語',
      'ไทย',
      '简体中文',
      '繁體中文',
    ]);
    for (const option of options) expect(option.querySelector('svg.flag')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches the interface to Japanese and remembers it in UNI_LOCALE', async () => {
    const server = installFakeFetch();
    renderApp('/pages/setting/index');

    fireEvent.click(await screen.findByRole('radio', { name: '日本語' }));

    expect(await screen.findByRole('heading', { level: 1, name: '設定' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '日本語' }).getAttribute('aria-checked')).toBe('true');
    expect(window.localStorage.getItem(StorageKey.locale)).toBe('ja');
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    expect(server.calls).toHaveLength(0);
  });

  it('shows the security entry only when logged in', async () => {
    renderApp('/pages/setting/index');
    await screen.findAllByRole('radio');
    expect(screen.queryByRole('link', { name: 'Security' })).toBeNull();
  });
});

describe('settings page: appearance', () => {
  it('offers same as phone, light and dark, to everyone; the choice is applied at once and remembered', async () => {
    renderApp('/pages/setting/index');
    const group = await screen.findByRole('radiogroup', { name: 'Appearance' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual(['Same as phone', 'Light', 'Dark']);
    expect(within(group).getByRole('radio', { name: 'Same as phone' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(within(group).getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true'));
    expect(within(group).getByRole('radio', { name: 'Same as phone' }).getAttribute('aria-checked')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(StorageKey.theme)).toBe('dark');

    fireEvent.click(within(group).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(window.localStorage.getItem(StorageKey.theme)).toBe('light');

    fireEvent.click(within(group).getByRole('radio', { name: 'Same as phone' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Same as phone' }).getAttribute('aria-checked')).toBe('true'));
    expect(window.localStorage.getItem(StorageKey.theme)).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('th');
    renderApp('/pages/setting/index');
    const group = await screen.findByRole('radiogroup', { name: 'รูปแบบการแสดงผล' });
    expect(within(group).getAllByRole('radio').map((option) => option.textContent)).toEqual(['ตามโทรศัพท์', 'สว่าง', 'มืด']);
    await i18n.changeLanguage('en');
  });
});
