import type { AdminArticle } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { sampleQuote } from '../../test/sample-quote';
import { renderAdmin, signIn } from '../test/render-admin';

function article(overrides: Partial<AdminArticle> = {}): AdminArticle {
  return {
    id: 4,
    kind: 'notice',
    tag: 'platform',
    status: 'draft',
    publishTimestamp: null,
    codes: [],
    translations: { en: { title: 'Scheduled maintenance', summary: 'Brief downtime', content: '<p>Sunday 02:00 UTC</p>' } },
    updateTimestamp: 1_767_000_000,
    ...overrides,
  };
}

describe('back office news and notices', () => {
  it('writes a draft in English and German with the formatting toolbar, then publishes an article', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/articles': (call) => envelope(call.method === 'POST' ? article({ id: 9, kind: 'news', tag: 'markets' }) : [article()]),
      '/admin/articles/4/publish': () => envelope(article({ status: 'published', publishTimestamp: 1_767_100_000 })),
    });
    renderAdmin('/admin/articles');
    const row = await screen.findByRole('row', { name: /Scheduled maintenance/ });
    expect(within(row).getByText('Draft')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New article' }));
    const form = await screen.findByRole('form', { name: 'New article' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect((await within(form).findAllByText('Required in English: every reader falls back to it')).length).toBe(2);

    fireEvent.change(within(form).getByLabelText('Title (en)'), { target: { value: 'Fed holds rates' } });
    const body = within(form).getByLabelText('Body (HTML) (en)');
    fireEvent.change(body, { target: { value: 'Rates unchanged' } });
    (body as HTMLTextAreaElement).setSelectionRange(0, 5);
    fireEvent.click(within(form).getByRole('button', { name: 'Bold' }));
    expect((body as HTMLTextAreaElement).value).toBe('<strong>Rates</strong> unchanged');

    fireEvent.click(within(form).getByRole('button', { name: 'de' }));
    fireEvent.change(within(form).getByLabelText('Title (de)'), { target: { value: 'Fed hält die Zinsen' } });
    fireEvent.change(within(form).getByLabelText('Body (HTML) (de)'), { target: { value: '<p>Zinsen unverändert</p>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/admin/articles' && c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/admin/articles' && c.method === 'POST')?.body).toEqual({
      kind: 'news',
      tag: 'markets',
      codes: [],
      translations: {
        en: { title: 'Fed holds rates', summary: '', content: '<strong>Rates</strong> unchanged' },
        de: { title: 'Fed hält die Zinsen', summary: '', content: '<p>Zinsen unverändert</p>' },
      },
    });

    fireEvent.click(within(row).getByRole('button', { name: 'Publish: Scheduled maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish “Scheduled maintenance”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(server.callsTo('/admin/articles/4/publish')[0]?.body).toEqual({}));
  });

  it('tags an article with instruments: searches the catalog, shows chips, removes one, saves the codes in order (issue 20)', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/articles': () => envelope([article({ id: 4, kind: 'news', tag: 'earnings', codes: ['NVDA'] })]),
      '/admin/articles/4': () => envelope(article({ id: 4, kind: 'news', tag: 'earnings', codes: ['AAPL', 'AMD'] })),
      '/m_ft/all_stock_list': (call) => {
        const keyword = new URL(call.url, 'http://app.test').searchParams.get('keyword');
        const all = [sampleQuote(), sampleQuote({ name: 'Advanced Micro Devices', stock_code: 'AMD' }), sampleQuote({ name: 'Amazon.com', stock_code: 'AMZN' })];
        const list = all.filter((item) => item.stock_code.startsWith(keyword ?? '') || item.name.toUpperCase().includes(keyword ?? ''));
        return envelope({ list, total: list.length, pageNum: 1, pageSize: 8 });
      },
    });
    renderAdmin('/admin/articles');
    const row = await screen.findByRole('row', { name: /Scheduled maintenance/ });
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const form = await screen.findByRole('form', { name: 'Edit article #4' });
    const chips = within(form).getByRole('list', { name: 'Instruments' });
    expect(within(chips).getByText('NVDA')).toBeTruthy();

    const search = within(form).getByRole('searchbox', { name: 'Instruments' });
    fireEvent.change(search, { target: { value: 'A' } });
    const results = await within(form).findByRole('list', { name: 'Matching instruments' });
    expect(within(results).getAllByRole('button').map((b) => b.querySelector('strong')?.textContent)).toEqual(['AAPL', 'AMD', 'AMZN']);
    fireEvent.click(within(results).getByRole('button', { name: /AAPL/ }));
    expect((search as HTMLInputElement).value).toBe('');
    fireEvent.change(search, { target: { value: 'AMD' } });
    fireEvent.click(await within(form).findByRole('button', { name: /^AMD/ }));
    expect(within(chips).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual(['NVDA', 'AAPL', 'AMD']);

    fireEvent.click(within(chips).getByRole('button', { name: 'Remove NVDA' }));
    expect(within(chips).queryByText('NVDA')).toBeNull();
    fireEvent.change(search, { target: { value: 'ZZZ' } });
    expect(await within(form).findByText('No instrument matches “ZZZ”.')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/admin/articles/4' && c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/admin/articles/4' && c.method === 'POST')?.body).toMatchObject({ codes: ['AAPL', 'AMD'] });
  });

  it('schedules an article for a later time, sent in seconds', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/articles': () => envelope([article()]),
      '/admin/articles/4/publish': () => envelope(article({ status: 'scheduled', publishTimestamp: 1_893_456_000 })),
    });
    renderAdmin('/admin/articles');
    const row = await screen.findByRole('row', { name: /Scheduled maintenance/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Publish: Scheduled maintenance' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Schedule for'), { target: { value: '2030-01-01T09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(server.callsTo('/admin/articles/4/publish')).toHaveLength(1));
    expect(server.callsTo('/admin/articles/4/publish')[0]?.body).toEqual({ publishAt: Math.floor(new Date('2030-01-01T09:30').getTime() / 1000) });
  });
});
