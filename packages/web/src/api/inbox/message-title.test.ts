import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { localizedMessageTitle } from './message-title';

const page = (list: Array<{ id: number; title: string }>) =>
  envelope({ list: list.map((m) => ({ ...m, content: '', isRead: false, createTimestamp: 1 })), total: list.length, unread: list.length, pageNum: 1, pageSize: 5 });

describe('the title of a pushed inbox message', () => {
  it('is read back from the inbox, which answers in the app’s language', async () => {
    await i18n.changeLanguage('ja');
    const network = installFakeFetch({ '/userMessage/getMessage': () => page([{ id: 8, title: '入金が反映されました' }, { id: 7, title: '本人確認が完了しました' }]) });
    expect(await localizedMessageTitle({ id: 8, title: 'Deposit credited' })).toBe('入金が反映されました');
    expect(network.calls[0]?.headers.languages).toBe('ja');
  });

  it('stays as pushed when the inbox does not have it or cannot be read', async () => {
    const network = installFakeFetch({ '/userMessage/getMessage': () => page([{ id: 7, title: 'x' }]) });
    expect(await localizedMessageTitle({ id: 9, title: 'Deposit credited' })).toBe('Deposit credited');
    network.on('/userMessage/getMessage', () => 'network-error');
    expect(await localizedMessageTitle({ id: 9, title: 'Deposit credited' })).toBe('Deposit credited');
  });
});
