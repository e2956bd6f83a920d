import type { BlockOffer, Order, Position } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { setTradePermission } from './trading.repository.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let admin: string;
let offer: BlockOffer;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
  const published = await call<BlockOffer>(ctx.app, 'POST', '/admin/block-offers', { token: admin, body: { stockCode: 'F', price: 9.5, totalQuantity: 50_000 } });
  offer = published.data;
});
afterAll(() => ctx.close());

async function blockTrader() {
  const session = await registerUser(ctx.app);
  await setTradePermission(ctx.app.database.db, [session.user.id], 3);
  await ctx.app.database.db.update(users).set({ blockTradePermission: 3 }).where(eq(users.id, session.user.id));
  ctx.app.bus.publish('usersChanged', { userIds: [session.user.id] });
  await fund(ctx.app, session.user.id, 1_000_000 * 100, 'STOCK');
  return session;
}

describe('block trades', () => {
  it('the desk publishes a block and a permitted user buys at least 10,000 shares at its price', async () => {
    expect(offer).toMatchObject({ stockCode: 'F', price: 9.5, minQuantity: 10_000, remainingQuantity: 50_000, status: 'open' });
    const { token } = await blockTrader();
    const bought = await call<Order>(ctx.app, 'POST', '/blockTrade/create', { token, body: { offerId: offer.id, quantity: 20_000 } });
    expect(bought.data).toMatchObject({ source: 4, stockCode: 'F', fillPrice: 9.5, quantity: 20_000, status: 1 });
    const positions = await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: { source: 4 } });
    expect(positions.data[0]).toMatchObject({ positionNum: 20_000, openPrice: 9.5, source: 4 });
    const list = await call<BlockOffer[]>(ctx.app, 'GET', '/blockTrade/list');
    expect(list.data[0]?.remainingQuantity).toBe(30_000);
  });

  it('refuses 9,999 shares, a buyer without block-trading permission, and more than is left', async () => {
    const { token } = await blockTrader();
    const small = await call(ctx.app, 'POST', '/blockTrade/create', { token, body: { offerId: offer.id, quantity: 9_999 } });
    expect(small).toMatchObject({ code: 400, msg: 'The quantity must be at least 10000' });
    const plain = await registerUser(ctx.app);
    const refused = await call(ctx.app, 'POST', '/blockTrade/create', { token: plain.token, body: { offerId: offer.id, quantity: 10_000 } });
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain('Block trading permission');
    const tooMuch = await call(ctx.app, 'POST', '/blockTrade/create', { token, body: { offerId: offer.id, quantity: 40_000 } });
    expect(tooMuch.code).toBe(409);
    const users403 = await call(ctx.app, 'POST', '/admin/block-offers', { token, body: { stockCode: 'F', price: 1, totalQuantity: 10_000 } });
    expect(users403.code).toBe(403);
  });
});
