import type { AdminIpo, IpoDraw } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { drawAllotment } from './ipo-lottery.js';
import { runDue } from './ipo-allotment.service.js';

/* Issue 20: every subscriber sees the draw; the purchase window never shrinks once someone subscribed. */

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

const HOUR = 3600;
const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

async function createIpo() {
  const now = nowSeconds();
  const answer = await call<AdminIpo>(ctx.app, 'POST', '/admin/ipos', {
    token: admin,
    body: { stockCode: 'AMD', price: 10, lotSize: 100, sharesOffered: 500, prospectusDate: now - HOUR, purchaseStartDate: now - 60, purchaseEndDate: now + HOUR, listDate: now + 3 * HOUR },
  });
  expect(answer.code).toBe(200);
  return answer.data;
}

async function subscriber(offeringId: number, lots: number) {
  const session = await registerUser(ctx.app);
  await fund(ctx.app, session.user.id, 100_000 * 100, 'SUBSCRIPTION');
  const answer = await call(ctx.app, 'POST', '/NewShares/create', { token: session.token, body: { id: offeringId, quantity: lots } });
  expect(answer.code).toBe(200);
  return session;
}

const draw = (token: string, id: number) => call<IpoDraw>(ctx.app, 'POST', '/NewShares/draw', { token, body: { id } });

describe('the draw for subscribers', () => {
  it('shows the seed hash and ranges before, the seed and digest after; replaying gives the same draw; others get 404', async () => {
    const ipo = await createIpo();
    const a = await subscriber(ipo.id, 3);
    const b = await subscriber(ipo.id, 4);
    const c = await subscriber(ipo.id, 2);

    const before = await draw(b.token, ipo.id);
    expect(before.data).toMatchObject({ seedHash: ipo.seedHash, seed: null, drawDigest: null, allotted: false, supplyLots: 5, demandLots: 9 });
    expect(before.data.ranges).toEqual([
      { ticketFrom: 0, ticketTo: 2, requestedLots: 3, allottedLots: 0, mine: false },
      { ticketFrom: 3, ticketTo: 6, requestedLots: 4, allottedLots: 0, mine: true },
      { ticketFrom: 7, ticketTo: 8, requestedLots: 2, allottedLots: 0, mine: false },
    ]);
    const outsider = await registerUser(ctx.app);
    expect(await draw(outsider.token, ipo.id)).toMatchObject({ code: 404 });
    expect((await draw(a.token, 999_999)).code).toBe(404);

    ctx.clock.advance((HOUR + 1) * 1000);
    await runDue(ctx.app.ipo);
    const after = (await draw(c.token, ipo.id)).data;
    expect(after.allotted).toBe(true);
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.drawDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(after.ranges.filter((r) => r.mine).map(({ ticketFrom, ticketTo, requestedLots }) => ({ ticketFrom, ticketTo, requestedLots }))).toEqual([{ ticketFrom: 7, ticketTo: 8, requestedLots: 2 }]);
    // What the browser does: replay from the published inputs alone.
    const replay = drawAllotment(after.seed!, after.supplyLots, after.ranges.map((r, index) => ({ subscriptionId: index, lots: r.requestedLots })));
    expect(replay.drawDigest).toBe(after.drawDigest);
    expect(replay.lines.map((l) => l.allottedLots)).toEqual(after.ranges.map((r) => r.allottedLots));
  });
});

describe('the purchase window', () => {
  it('may be extended, audited, but not shortened once someone has subscribed', async () => {
    const ipo = await createIpo();
    const early = await call<AdminIpo>(ctx.app, 'POST', `/admin/ipos/${ipo.id}`, { token: admin, body: { purchaseEndDate: ipo.purchaseEndDate - 600 } });
    expect(early.code).toBe(200);
    await subscriber(ipo.id, 1);
    const end = early.data.purchaseEndDate;
    const shorter = await call(ctx.app, 'POST', `/admin/ipos/${ipo.id}`, { token: admin, body: { purchaseEndDate: end - 60 } });
    expect(shorter).toMatchObject({ code: 409, msg: 'Purchase end cannot move earlier once someone has subscribed; it may only be extended' });
    const laterStart = await call(ctx.app, 'POST', `/admin/ipos/${ipo.id}`, { token: admin, body: { purchaseStartDate: ipo.purchaseStartDate + 30 } });
    expect(laterStart).toMatchObject({ code: 409 });
    expect(laterStart.msg).toContain('Purchase start');
    const [row] = await queryRows<{ end: string }>(ctx.app.database.db, sql`SELECT extract(epoch FROM purchase_end_at)::bigint::text AS end FROM ipo_offerings WHERE id = ${ipo.id}`);
    expect(Number(row?.end)).toBe(end);
    const longer = await call<AdminIpo>(ctx.app, 'POST', `/admin/ipos/${ipo.id}`, { token: admin, body: { purchaseEndDate: end + 600 } });
    expect(longer.data.purchaseEndDate).toBe(end + 600);
    const actions = await queryRows<{ action: string }>(ctx.app.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`ipo:${ipo.id}`} ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(['ipo.create', 'ipo.update', 'ipo.update']);
  });
});
