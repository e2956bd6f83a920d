import type { EquityHistory, FundingOverview } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';
import { takeSnapshots } from './equity.service.js';

let ctx: TestContext;

beforeAll(async () => {
  // The fake clock starts Monday 2026-01-05 14:30 UTC (09:30 New York).
  ctx = await createTestContext({ ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const snapshotPass = () => takeSnapshots(ctx.app.trading);
const history = (token: string, range = '1W') => call<EquityHistory>(ctx.app, 'GET', `/account/equityHistory?range=${range}`, { token });
const totalAssetsMinor = async (token: string) =>
  Math.round((await call<FundingOverview>(ctx.app, 'POST', '/userCenter/getFundingOverview', { token, body: {} })).data.totalAssets * 100);
const rowsOf = (userId: number) =>
  queryRows<{ day: string; value: string; net_deposits: string; final: boolean; taken_at: Date }>(
    ctx.app.database.db,
    sql`SELECT day::text AS day, value::text, net_deposits::text, final, taken_at FROM equity_snapshots WHERE user_id = ${userId} ORDER BY day`,
  );

describe('daily equity snapshots', () => {
  it('are taken once per day: a repeat is a no-op, the close makes a provisional one final once', async () => {
    const { user } = await registerUser(ctx.app);
    await fund(ctx.app, user.id, 1_234_56);
    const day = new Date(ctx.clock.now().getTime() - 5 * HOUR).toISOString().slice(0, 10);

    await snapshotPass();
    const first = await rowsOf(user.id);
    expect(first).toMatchObject([{ day, value: '123456', net_deposits: '123456', final: false }]);
    // A second pass (or a new leader's) the same morning writes nothing.
    ctx.clock.advance(HOUR);
    await fund(ctx.app, user.id, 100_00);
    await snapshotPass();
    expect(await rowsOf(user.id)).toEqual(first);

    // After the 16:00 New York close the day's snapshot is replaced once by the final one.
    ctx.clock.advance(6 * HOUR + 60_000);
    await snapshotPass();
    const closed = await rowsOf(user.id);
    expect(closed).toMatchObject([{ day, value: '133456', net_deposits: '133456', final: true }]);
    await fund(ctx.app, user.id, 1_00);
    ctx.clock.advance(HOUR);
    expect(await snapshotPass()).toBe(0);
    expect(await rowsOf(user.id)).toEqual(closed);
  });
});

describe('GET /account/equityHistory', () => {
  it('answers past snapshots then the live value, with P&L net of a deposit made in the middle', async () => {
    // Monday after the close, from the test above: a new trader buys 10 MSFT; next morning the market reopens.
    ctx.clock.advance(16 * HOUR);
    const { token, user } = await registerUser(ctx.app);
    await approveTrading(ctx.app, user.id);
    await fund(ctx.app, user.id, 10_000_00, 'STOCK');
    tick(ctx, 0, 'MSFT', 400);
    const bought = await call(ctx.app, 'POST', '/stock/create', { token, body: { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 10 } });
    expect(bought.code).toBe(200);
    await snapshotPass();
    const startValue = await totalAssetsMinor(token);

    // Next day: 500 deposited, and the price rose by 10.
    ctx.clock.advance(24 * HOUR);
    await fund(ctx.app, user.id, 500_00);
    tick(ctx, 0, 'MSFT', 410);
    await snapshotPass();
    ctx.clock.advance(24 * HOUR);
    tick(ctx, 0, 'MSFT', 412);
    const endValue = await totalAssetsMinor(token);

    const answer = await history(token, '1W');
    expect(answer.code).toBe(200);
    const { points } = answer.data;
    expect(points.map((p) => p.live)).toEqual([false, false, true]);
    expect(points.map((p) => p.day)).toEqual(['2026-01-06', '2026-01-07', '2026-01-08']);
    expect(points[0]).toMatchObject({ valueMinor: startValue, netDepositsMinor: 0, pnlMinor: 0 });
    expect(points[2]!.valueMinor).toBe(endValue);
    expect(points[1]!.netDepositsMinor).toBe(500_00);
    expect(answer.data.netDepositsMinor).toBe(500_00);
    expect(answer.data.changeMinor).toBe(endValue - startValue);
    // What was earned is the change less the deposit: about 10 shares × 12 (bid/ask spread aside), never the 500.
    expect(answer.data.pnlMinor).toBe(endValue - startValue - 500_00);
    expect(answer.data.pnlMinor).toBeGreaterThan(100_00);
    expect(answer.data.pnlMinor).toBeLessThan(130_00);
    for (const p of points) expect(p.pnlMinor).toBe(p.valueMinor - startValue - p.netDepositsMinor);
  });

  it('keeps to the range asked for', async () => {
    const { token, user } = await registerUser(ctx.app);
    await fund(ctx.app, user.id, 50_00);
    await snapshotPass();
    const firstDay = (await rowsOf(user.id))[0]!.day;
    for (let day = 0; day < 9; day++) {
      ctx.clock.advance(24 * HOUR);
      await snapshotPass();
    }
    const week = (await history(token, '1W')).data.points;
    expect(week.map((p) => p.day)).not.toContain(firstDay);
    expect(week).toHaveLength(8);
    const month = (await history(token, '1M')).data.points;
    expect(month).toHaveLength(10);
    expect(month[0]!.day).toBe(firstDay);
    expect((await history(token, 'ALL')).data.points).toHaveLength(10);
  });

  it('shows each user only their own account; a new account has one point', async () => {
    const stranger = await registerUser(ctx.app);
    const answer = await history(stranger.token, 'ALL');
    expect(answer.code).toBe(200);
    expect(answer.data.points).toHaveLength(1);
    expect(answer.data.points[0]).toMatchObject({ valueMinor: 0, netDepositsMinor: 0, pnlMinor: 0, live: true });
    expect((await call(ctx.app, 'GET', '/account/equityHistory?range=1W')).status).toBe(401);
  });

  it('refuses an unknown range, naming the field', async () => {
    const { token } = await registerUser(ctx.app);
    const answer = await history(token, '2W');
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain(shownField('range'));
  });
});
