import type { Page, QuoteItem, WatchlistItem, WatchlistToggle } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let token: string;

const save = (body: Record<string, unknown>, as = token) => call<WatchlistToggle>(ctx.app, 'POST', '/userSelfSecurity/save', { body, token: as });
const list = (as = token) => call<WatchlistItem[]>(ctx.app, 'GET', '/userSelfSecurity/selectSelfSelectionStocksData', { token: as });

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await registerUser(ctx.app)).token;
});
afterAll(() => ctx.close());

describe('watchlist', () => {
  it('answers 401 to a visitor on every call', async () => {
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/save', { body: { secuCode: 'AAPL' } })).code).toBe(401);
    expect((await call(ctx.app, 'GET', '/userSelfSecurity/selectSelfSelectionStocksData')).code).toBe(401);
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/delete/1')).code).toBe(401);
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/deleteByStockCode/AAPL')).code).toBe(401);
  });

  it('toggles: adds when not watched, removes when watched, and marks quote items', async () => {
    const body = { classify: 'UsStock', assettype: 0, securityName: 'Apple Inc', secuCode: 'AAPL', market: 'NASDAQ' };
    const added = await save(body);
    expect(added.data).toMatchObject({ selected: true });
    const quote = await call<QuoteItem>(ctx.app, 'GET', '/quotes/getStock?stockCode=AAPL', { token });
    expect(quote.data.selfSelectStatus).toBe(1);
    const anonymous = await call<QuoteItem>(ctx.app, 'GET', '/quotes/getStock?stockCode=AAPL');
    expect(anonymous.data.selfSelectStatus).toBe(0);
    const removed = await save(body);
    expect(removed.data).toEqual({ selected: false, id: null });
    expect((await list()).data).toEqual([]);
  });

  it('keeps the user’s order, reorders, and lists live quotes', async () => {
    for (const secuCode of ['MSFT', 'GC', 'EURUSD']) await save({ secuCode, assettype: secuCode === 'GC' ? 3 : undefined });
    const before = (await list()).data;
    expect(before.map((i) => i.stock_code)).toEqual(['MSFT', 'GC', 'EURUSD']);
    expect(before.every((i) => i.selfSelectStatus === 1 && i.price_nominal > 0)).toBe(true);
    const ids = before.map((i) => i.id).reverse();
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/sort', { body: { ids }, token })).code).toBe(200);
    expect((await list()).data.map((i) => i.stock_code)).toEqual(['EURUSD', 'GC', 'MSFT']);
    const home = await call<QuoteItem[]>(ctx.app, 'GET', '/m_ft/home_custom_list', { token });
    expect(home.data.map((i) => i.stock_code)).toEqual(['EURUSD', 'GC', 'MSFT']);
    const partial = await call(ctx.app, 'POST', '/userSelfSecurity/sort', { body: { ids: ids.slice(1) }, token });
    expect(partial.code).toBe(400);
  });

  it('deletes by id and by code; another user cannot touch the entries', async () => {
    const other = (await registerUser(ctx.app)).token;
    const [first] = (await list()).data;
    expect((await call(ctx.app, 'POST', `/userSelfSecurity/delete/${first?.id}`, { token: other })).code).toBe(404);
    expect((await call(ctx.app, 'POST', `/userSelfSecurity/delete/${first?.id}`, { token })).code).toBe(200);
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/deleteByStockCode/msft', { token })).code).toBe(200);
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/deleteByStockCode/MSFT', { token })).code).toBe(404);
    expect((await list()).data.map((i) => i.stock_code)).toEqual(['GC']);
  });

  it('rejects an unknown instrument and a bad id with a clear 400', async () => {
    const unknown = await save({ secuCode: 'NOPE' });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('NOPE');
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/delete/abc', { token })).code).toBe(400);
  });

  it('stays consistent under concurrent toggles of the same instrument', async () => {
    const user = (await registerUser(ctx.app)).token;
    const answers = await Promise.all(Array.from({ length: 6 }, () => save({ secuCode: 'NVDA' }, user)));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const watched = (await list(user)).data.filter((i) => i.stock_code === 'NVDA');
    expect(watched.length).toBeLessThanOrEqual(1);
    const search = await call<Page<QuoteItem>>(ctx.app, 'GET', '/m_ft/all_stock_list?keyword=NVDA', { token: user });
    expect(search.data.list[0]?.selfSelectStatus).toBe(watched.length);
  });
});
