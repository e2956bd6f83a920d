import { describe, expect, it } from 'vitest';
import { cacheStrategyFor, inlinedMarketAnswers } from './sw-policy';

const scope = 'https://app.example/';
const get = (path: string, extra: { hasAuthorization?: boolean; mode?: string; method?: string } = {}) =>
  cacheStrategyFor(
    { method: extra.method ?? 'GET', url: new URL(path, scope).href, mode: extra.mode ?? 'cors', hasAuthorization: extra.hasAuthorization ?? false },
    scope,
  );

describe('what the service worker may cache', () => {
  it('keeps the last public market answers of a signed-out caller', () => {
    for (const path of [
      '/m_ft/hot_stock',
      '/m_ft/global_index',
      '/m_ft/home_custom_list',
      '/m_ft/stock_list?pageNum=1',
      '/m_ft/kline?stockCode=AAPL&type=1D',
      '/m_ft/stock_detail_ft?stockCode=AAPL&market=US',
      '/tg_st/all_stock_list',
      '/quotes/getStock?code=AAPL',
    ]) {
      expect(get(path), path).toBe('public-market');
    }
  });

  it('never keeps an answer to a request with an Authorization header, even a market list', () => {
    expect(get('/m_ft/hot_stock', { hasAuthorization: true })).toBe('network-only');
    expect(get('/m_ft/home_custom_list', { hasAuthorization: true })).toBe('network-only');
    expect(get('/assets/index-abc.js', { hasAuthorization: true })).toBe('network-only');
  });

  it('never keeps private calls, whatever their method', () => {
    for (const path of [
      '/wallet/list',
      '/position/me',
      '/orders/list',
      '/userCenter/sessions',
      '/userMessage/getMessage',
      '/chat/messages',
      '/file/abc',
      '/admin/users',
      '/api/user/info',
      '/userSelfSecurity/selectSelfSelectionStocksData',
      '/UserAccount/list',
      '/recharge/list',
      '/withdrawal/list',
      '/m_ft/unknown_private_call',
      '/m_ft/hot_stock/../../wallet/list',
    ]) {
      expect(get(path), path).toBe('network-only');
      expect(get(path, { method: 'POST' }), path).toBe('network-only');
    }
  });

  it('passes POSTs and other origins through, even to public paths', () => {
    expect(get('/m_ft/hot_stock', { method: 'POST' })).toBe('network-only');
    expect(get('/market/getMaket', { method: 'POST' })).toBe('network-only');
    expect(get('https://elsewhere.example/m_ft/hot_stock')).toBe('network-only');
    expect(get('https://elsewhere.example/', { mode: 'navigate' })).toBe('network-only');
  });

  it('serves page loads network first with the shell as fallback, and build files from the cache', () => {
    expect(get('/', { mode: 'navigate' })).toBe('navigation');
    expect(get('/assets/index-abc.js')).toBe('asset');
    expect(get('/assets/home-page-abc.css')).toBe('asset');
  });

  it('keeps to its scope when the app is mounted under a path', () => {
    const mounted = 'https://app.example/trade/';
    const facts = (path: string) => ({ method: 'GET', url: new URL(path, mounted).href, mode: 'cors', hasAuthorization: false });
    expect(cacheStrategyFor(facts('/trade/m_ft/hot_stock'), mounted)).toBe('public-market');
    expect(cacheStrategyFor(facts('/trade/assets/a.js'), mounted)).toBe('asset');
    expect(cacheStrategyFor(facts('/m_ft/hot_stock'), mounted)).toBe('network-only');
  });
});

describe('the answers index.html carries inline (issue 23)', () => {
  const html = (block: string) => `<html><body><div id="root"></div><script type="application/json" id="tw-first-data">${block}</script></body></html>`;

  it('are kept as the public market answers they are, with the time the server took them', () => {
    const answers = {
      '/m_ft/hot_stock': [{ stock_code: 'AAPL' }],
      '/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30': { list: [] },
      // Not a market answer the worker may keep: left out.
      '/market/dataSource': { simulated: true },
      '/api/user/info': { id: 1 },
    };
    const kept = inlinedMarketAnswers(html(JSON.stringify({ at: 42, answers })), scope);
    expect(kept.map((answer) => answer.url)).toEqual([`${scope}m_ft/hot_stock`, `${scope}m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30`]);
    expect(JSON.parse(kept[0]?.body ?? '')).toEqual({ code: 200, msg: 'success', data: [{ stock_code: 'AAPL' }] });
    expect(kept[0]?.at).toBe(42);
  });

  it('are none for a page without the block or with a damaged one', () => {
    expect(inlinedMarketAnswers('<html></html>', scope)).toEqual([]);
    expect(inlinedMarketAnswers(html('{"at":1,"answers"'), scope)).toEqual([]);
    expect(inlinedMarketAnswers(html('{"answers":{}}'), scope)).toEqual([]);
  });
});
