import type { Article, ArticleSummary, DictEntry } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function summary(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: 11,
    kind: 'news',
    tag: 'markets',
    tagLabel: 'Markets',
    locale: 'en',
    title: 'Fed holds rates steady',
    summary: 'Futures now price a first cut by spring.',
    publishTimestamp: 1_735_689_600,
    codes: [],
    ...overrides,
  };
}

const tags: DictEntry[] = ['markets', 'earnings', 'products', 'education', 'platform'].map((value, index) => ({
  dictType: 'article_tag',
  dictValue: value,
  dictLabel: value[0]!.toUpperCase() + value.slice(1),
  dictSort: index + 1,
}));

// DOMPurify does not clean under happy-dom (its tree walk finds nothing there), so the browser-side
// sanitising is checked in real Chromium by e2e/content-flow.e2e.ts.
function contentServer(article: Partial<Article> = {}) {
  const news = [summary(), summary({ id: 12, tag: 'education', tagLabel: 'Education', title: 'Limit or market order?' })];
  const notices = [summary({ id: 21, kind: 'notice', tag: 'platform', tagLabel: 'Announcements', title: 'Scheduled maintenance' })];
  return installFakeFetch({
    '/dict/data': () => envelope(tags),
    '/article/pageList': (call) => {
      const body = call.body as { kind: string; tag?: string };
      const list = (body.kind === 'notice' ? notices : news).filter((a) => !body.tag || a.tag === body.tag);
      return envelope({ list, total: list.length, pageNum: 1, pageSize: 10 });
    },
    '/article/11': () => envelope({ ...summary(), content: '<p>The Fed kept rates.</p><ul><li>Bonds rallied</li></ul>', ...article }),
    '/article/21': () => envelope({ ...notices[0]!, content: '<p>Back at 04:00 UTC.</p>' }),
    '/userMessage/getMessage': () => envelope({ list: [], total: 0, unread: 0, pageNum: 1, pageSize: 20 }),
    '/api/user/info': () => envelope(sampleUser()),
  });
}

describe('news and notices', () => {
  it('a visitor finds the notice centre from Home, switches to news, filters by topic and opens an article', async () => {
    const server = contentServer();
    const { router } = renderApp('/pages/home/index');
    fireEvent.click(await screen.findByRole('link', { name: 'News and notices' }));
    const sections = await screen.findByRole('group', { name: 'Show' });
    expect(within(sections).getAllByRole('button').map((b) => b.textContent)).toEqual(['Notices', 'News']);
    expect(await screen.findByRole('list', { name: 'Notices' })).toBeTruthy();

    fireEvent.click(within(sections).getByRole('button', { name: 'News' }));
    const list = await screen.findByRole('list', { name: 'News' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Education' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'News' })).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsTo('/article/pageList').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, kind: 'news', tag: 'education' });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));

    fireEvent.click(await screen.findByRole('link', { name: /Fed holds rates steady/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/news/detail'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fed holds rates steady' })).toBeTruthy();
    expect(screen.getByText('Bonds rallied')).toBeTruthy();
  });

  it('a notice opens under /pages/notice/detail?articleId=', async () => {
    contentServer();
    const { router } = renderApp('/pages/notice/index');
    fireEvent.click(await screen.findByRole('link', { name: /Scheduled maintenance/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?articleId=21'));
    expect(await screen.findByText('Back at 04:00 UTC.')).toBeTruthy();
  });

  it('a logged-in user lands on their messages, with notices and news beside them', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    contentServer();
    renderApp('/pages/notice/index');
    const sections = await screen.findByRole('group', { name: 'Show' });
    expect(within(sections).getAllByRole('button').map((b) => b.textContent)).toEqual(['Messages', 'Notices', 'News']);
    expect(await screen.findByRole('button', { name: 'Mark all read' })).toBeTruthy();
  });

  it('says when an article is shown in English for want of a translation', async () => {
    contentServer();
    await i18n.changeLanguage('de');
    renderApp('/pages/news/detail?id=11');
    expect(await screen.findByText('Noch nicht in Ihre Sprache übersetzt; auf Englisch angezeigt.')).toBeTruthy();
  });
});
