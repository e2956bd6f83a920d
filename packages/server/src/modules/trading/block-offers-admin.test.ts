import type { AdminBlockOffer, BlockOffer, Order } from '@tradewind/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { blockOffers, users } from '../../db/schema.js';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { seedDemoBlockOffers } from './block-offers-admin.js';
import { setTradePermission } from './trading.repository.js';

/* Issue 20: the back office's block desk — demo offers at first start, takers, edit and withdraw. */

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
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

const desk = async () => (await call<AdminBlockOffer[]>(ctx.app, 'GET', '/admin/block-offers', { token: admin })).data;
const offerRow = async (id: number) => (await ctx.app.database.db.select().from(blockOffers).where(eq(blockOffers.id, id)))[0];
const audits = async (id: number) => (await queryRows<{ action: string }>(ctx.app.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`block:${id}`} ORDER BY id`)).map((a) => a.action);

describe('the block desk', () => {
  it('a fresh install has demo offers, seeded once', async () => {
    const demos = (await desk()).filter((o) => ['AAPL', 'NVDA', 'MSFT'].includes(o.stockCode));
    expect(demos).toHaveLength(3);
    for (const demo of demos) expect(demo).toMatchObject({ status: 'open', takenQuantity: 0, takers: [] });
    await seedDemoBlockOffers(ctx.app.trading);
    expect((await desk()).filter((o) => ['AAPL', 'NVDA', 'MSFT'].includes(o.stockCode))).toHaveLength(3);
    const publicList = await call<BlockOffer[]>(ctx.app, 'GET', '/blockTrade/list');
    expect(publicList.data.map((o) => o.stockCode)).toEqual(expect.arrayContaining(['AAPL', 'NVDA', 'MSFT']));
  });

  it('shows who took a block; edits an open offer (audited) and refuses a minimum above what is left', async () => {
    const published = await call<BlockOffer>(ctx.app, 'POST', '/admin/block-offers', { token: admin, body: { stockCode: 'F', price: 9.5, totalQuantity: 50_000 } });
    const id = published.data.id;
    const buyer = await blockTrader();
    const bought = await call<Order>(ctx.app, 'POST', '/blockTrade/create', { token: buyer.token, body: { offerId: id, quantity: 20_000 } });
    expect(bought.code).toBe(200);
    const listed = (await desk()).find((o) => o.id === id)!;
    expect(listed).toMatchObject({ remainingQuantity: 30_000, takenQuantity: 20_000, status: 'open' });
    expect(listed.takers).toEqual([expect.objectContaining({ orderId: bought.data.id, userId: buyer.user.id, email: buyer.email, quantity: 20_000 })]);

    const edited = await call<AdminBlockOffer>(ctx.app, 'POST', `/admin/block-offers/${id}`, { token: admin, body: { price: 9.25, hours: 48 } });
    expect(edited.data).toMatchObject({ price: 9.25, remainingQuantity: 30_000 });
    const before = await offerRow(id);
    const tooHigh = await call(ctx.app, 'POST', `/admin/block-offers/${id}`, { token: admin, body: { minQuantity: 40_000 } });
    expect(tooHigh).toMatchObject({ code: 400, msg: 'Minimum quantity cannot be more than the shares left on offer (30000)' });
    expect(await offerRow(id)).toEqual(before);
    const byUser = await call(ctx.app, 'POST', `/admin/block-offers/${id}`, { token: buyer.token, body: { price: 1 } });
    expect(byUser.code).toBe(403);
    expect((await call(ctx.app, 'GET', '/admin/block-offers', { token: buyer.token })).code).toBe(403);
    expect(await offerRow(id)).toEqual(before);
    expect((await call(ctx.app, 'POST', '/admin/block-offers/999999', { token: admin, body: { price: 1 } })).code).toBe(404);
    expect(await audits(id)).toEqual(['blocktrade.publish', 'blocktrade.update']);
  });

  it('a withdrawn offer is gone for users and cannot be bought or edited; what was bought stays', async () => {
    const published = await call<BlockOffer>(ctx.app, 'POST', '/admin/block-offers', { token: admin, body: { stockCode: 'BAC', price: 30, totalQuantity: 40_000 } });
    const id = published.data.id;
    const buyer = await blockTrader();
    expect((await call(ctx.app, 'POST', '/blockTrade/create', { token: buyer.token, body: { offerId: id, quantity: 10_000 } })).code).toBe(200);
    const withdrawn = await call<AdminBlockOffer>(ctx.app, 'POST', `/admin/block-offers/${id}/withdraw`, { token: admin, body: {} });
    expect(withdrawn.data).toMatchObject({ status: 'withdrawn', takenQuantity: 10_000 });
    expect((await call<BlockOffer[]>(ctx.app, 'GET', '/blockTrade/list')).data.map((o) => o.id)).not.toContain(id);
    const late = await call(ctx.app, 'POST', '/blockTrade/create', { token: buyer.token, body: { offerId: id, quantity: 10_000 } });
    expect(late.code).toBe(404);
    const before = await offerRow(id);
    expect((await call(ctx.app, 'POST', `/admin/block-offers/${id}`, { token: admin, body: { price: 29 } })).code).toBe(409);
    expect((await call(ctx.app, 'POST', `/admin/block-offers/${id}/withdraw`, { token: admin, body: {} })).code).toBe(409);
    expect(await offerRow(id)).toEqual(before);
    expect(await audits(id)).toEqual(['blocktrade.publish', 'blocktrade.withdraw']);
  });
});
