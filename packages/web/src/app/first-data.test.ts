import { UsExchange } from '@tradewind/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getGlobalIndexQueryOptions } from '../api/market/get-global-index';
import { getHotStocksQueryOptions } from '../api/market/get-hot-stocks';
import { LIST_PAGE_SIZE } from '../api/market/paging';
import { getHomeCustomListQueryOptions } from '../features/home/api/get-home-custom-list';
import { getStockListQueryOptions } from '../features/market/api/get-stock-list';
import { clearSession, saveSession } from '../lib/session/session-store';
import { sampleUser } from '../test/sample-user';
import { FIRST_DATA_ELEMENT_ID, FIRST_DATA_MAX_AGE_MS, MARKET_FIRST_PAGE_PATH, seedFirstData } from './first-data';
import { createQueryClient } from './query-client';

const item = (code: string) => ({ stock_code: code, name: code, price_nominal: 1 });
const page = { list: [item('AAPL')], pageNum: 1, pageSize: LIST_PAGE_SIZE, total: 1 };
const now = 1_800_000_000_000;

function documentWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (text !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_DATA_ELEMENT_ID;
    block.textContent = text;
    doc.body.append(block);
  }
  return doc;
}

const answers = {
  '/m_ft/global_index': [item('SPX')],
  '/m_ft/hot_stock': [item('NVDA')],
  '/m_ft/home_custom_list': [item('MSFT')],
  [MARKET_FIRST_PAGE_PATH]: page,
};

afterEach(() => clearSession());

describe('seedFirstData', () => {
  it("puts the inlined answers under the features' own query keys, as fetched at the server's time", () => {
    const client = createQueryClient();
    expect(seedFirstData(client, documentWith(JSON.stringify({ at: now - 1000, answers })), now)).toBe(4);
    expect(client.getQueryData(getGlobalIndexQueryOptions().queryKey)).toEqual([item('SPX')]);
    expect(client.getQueryData(getHotStocksQueryOptions().queryKey)).toEqual([item('NVDA')]);
    expect(client.getQueryData(getHomeCustomListQueryOptions(false).queryKey)).toEqual([item('MSFT')]);
    expect(client.getQueryData(getStockListQueryOptions(UsExchange.NASDAQ).queryKey)).toEqual({ pages: [page], pageParams: [1] });
    expect(client.getQueryState(getHotStocksQueryOptions().queryKey)?.dataUpdatedAt).toBe(now - 1000);
  });

  it('asks for the page size the Market list asks for', () => {
    expect(new URL(MARKET_FIRST_PAGE_PATH, 'http://x').searchParams.get('pageSize')).toBe(String(LIST_PAGE_SIZE));
  });

  it('seeds nothing for a signed-in caller (their quotes carry their own watchlist marks)', () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const client = createQueryClient();
    expect(seedFirstData(client, documentWith(JSON.stringify({ at: now, answers })), now)).toBe(0);
    expect(client.getQueryData(getHotStocksQueryOptions().queryKey)).toBeUndefined();
  });

  it('ignores old data (an offline shell), a damaged block, unknown paths and answers of the wrong shape', () => {
    const client = createQueryClient();
    expect(seedFirstData(client, documentWith(JSON.stringify({ at: now - FIRST_DATA_MAX_AGE_MS - 1, answers })), now)).toBe(0);
    expect(seedFirstData(client, documentWith('{"at": 1, "answers"'), now)).toBe(0);
    expect(seedFirstData(client, documentWith(null), now)).toBe(0);
    const odd = { '/m_ft/hot_stock': { list: [] }, [MARKET_FIRST_PAGE_PATH]: [item('X')], '/api/user/info': { id: 1 } };
    expect(seedFirstData(client, documentWith(JSON.stringify({ at: now, answers: odd })), now)).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
