import type { IpoOffering } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, eventually, type TestContext } from '../../../test/test-app.js';
import { seedDemoOfferings } from './demo-offerings.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ MARKET_SYMBOLS: 'RDDT,ARM,AAPL' });
});
afterAll(() => ctx.close());

const list = async () => (await call<IpoOffering[]>(ctx.app, 'GET', '/m_ft/webull/new/stock')).data;

describe('demo IPOs', () => {
  it('a fresh install offers one IPO open now and one whose purchase ended (allotted by the first sweep), once', async () => {
    await eventually(async () => (await list()).some((o) => o.stockCode === 'ARM' && o.status === 'allotted'));
    const offerings = await list();
    expect(offerings.map((o) => [o.stockCode, o.status]).sort()).toEqual([
      ['ARM', 'allotted'],
      ['RDDT', 'open'],
    ]);
    const rddt = offerings.find((o) => o.stockCode === 'RDDT')!;
    const quote = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'RDDT')!).price;
    expect(rddt.price).toBeLessThan(quote);
    expect(rddt.listDate).toBeGreaterThan(rddt.purchaseEndDate);
    await seedDemoOfferings(ctx.app.ipo);
    expect(await list()).toHaveLength(2);
  });
});
