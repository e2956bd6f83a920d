import type { AdminAgency, Agency, Follow, InboxMessage, Order, Page, Position, WalletBalance } from '@tradewind/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { positions as positionsTable } from '../../db/schema.js';
import { adminToken, approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { toPosition } from '../trading/index.js';
import { sweepFollows } from './follow.service.js';

let ctx: TestContext;
let admin: string;
let agency: AdminAgency;

const DAY = 86_400_000;
const deps = () => ctx.app.trading;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
  const created = await call<AdminAgency>(ctx.app, 'POST', '/admin/agencies', {
    token: admin,
    body: {
      name: 'Test Weekly',
      strategy: 'Three US stocks for a week',
      feePercent: 1.5,
      termDays: 7,
      holdings: [
        { stockCode: 'AAPL', weight: 50 },
        { stockCode: 'msft', weight: 30 },
        { stockCode: 'F', weight: 20 },
      ],
    },
  });
  expect(created.code).toBe(200);
  agency = created.data;
});
afterAll(() => ctx.close());

/** A user with `usd` in the FOLLOW wallet (trading permission too, to show a follow needs none of the Trade tab). */
async function follower(usd = 10_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usd * 100, 'FOLLOW');
  return session;
}

const add = (token: string, body: unknown, key?: string) =>
  call<Follow>(ctx.app, 'POST', '/userFollowInvest/add', { token, body, ...(key && { headers: { 'idempotency-key': key } }) });
const myFollows = async (token: string) => (await call<Page<Follow>>(ctx.app, 'POST', '/userFollowInvest/myList', { token, body: {} })).data.list;
const followWallet = async (token: string) =>
  (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType: 'FOLLOW' } })).data;

function expectRefused(answer: { code: number; msg: string }, code: number, text: string) {
  expect(answer.code).toBe(code);
  expect(answer.msg).toContain(text);
}

async function expectLedgerSound() {
  const db = ctx.app.database.db;
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
  const [margins] = await queryRows<{ held: string; owed: string }>(
    db,
    sql`SELECT COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'margin'), 0)::text AS held,
               COALESCE((SELECT SUM(margin) FROM positions WHERE status = 'open'), 0)::text AS owed`,
  );
  expect(Number(margins?.held)).toBe(Number(margins?.owed));
}

describe('agencies', () => {
  it('lists the seeded demo agencies and ours, with portfolio, fee, term and a track record from market history', async () => {
    const list = await call<Agency[]>(ctx.app, 'GET', '/userFollowInvest/getInvestAgencyList');
    expect(list.code).toBe(200);
    expect(list.data.map((a) => a.name)).toEqual(['Tidewater Tech Growth', 'Keel Value & Income', 'Gale Momentum', 'Test Weekly']);
    for (const a of list.data) {
      expect(a.holdings.reduce((sum, h) => sum + h.weight, 0)).toBeCloseTo(100, 6);
      expect(a.trackRecord.month1).not.toBeNull();
      expect(a.trackRecord.year1).not.toBeNull();
      expect(a.trackRecord.curve.length).toBeGreaterThan(40);
      expect(a.trackRecord.curve[0]).toBe(100);
    }
    const ours = list.data.find((a) => a.id === agency.id)!;
    expect(ours).toMatchObject({ feePercent: 1.5, termDays: 7, minAmount: 100, maxAmount: 1_000_000 });
    expect(ours.holdings.map((h) => [h.stockCode, h.weight])).toEqual([['AAPL', 50], ['MSFT', 30], ['F', 20]]);
    // The year's return is the last point of the weekly curve (both bought a year ago, valued now).
    expect(ours.trackRecord.year1).toBeCloseTo(ours.trackRecord.curve.at(-1)! - 100, 1);
  });

  it('the back office refuses portfolios whose weights miss 100 %, unknown or non-US instruments, duplicates and bad fields', async () => {
    const base = { name: 'X', strategy: 'Y', feePercent: 1, termDays: 30 };
    const post = (body: unknown, token = admin) => call(ctx.app, 'POST', '/admin/agencies', { token, body });
    expectRefused(await post({ ...base, holdings: [{ stockCode: 'AAPL', weight: 90 }] }), 400, '90');
    expectRefused(await post({ ...base, holdings: [{ stockCode: '2330', weight: 100 }] }), 400, '2330');
    expectRefused(await post({ ...base, holdings: [{ stockCode: 'NOPE', weight: 100 }] }), 400, 'NOPE');
    expectRefused(await post({ ...base, holdings: [{ stockCode: 'AAPL', weight: 50 }, { stockCode: 'aapl', weight: 50 }] }), 400, 'AAPL');
    expect((await post({ ...base, feePercent: 11, holdings: [{ stockCode: 'AAPL', weight: 100 }] })).msg).toContain('fee percent');
    expect((await post({ ...base, termDays: 0, holdings: [{ stockCode: 'AAPL', weight: 100 }] })).msg).toContain('term days');
    expect((await post({ ...base, holdings: [{ stockCode: 'AAPL', weight: 100.001 }] })).msg).toContain('weight');
    expect((await post({ ...base, name: '', holdings: [{ stockCode: 'AAPL', weight: 100 }] })).msg).toContain('name');
    expect((await post({ ...base, holdings: [] })).msg).toContain('holdings');
    expect((await post({ ...base, extra: 1, holdings: [{ stockCode: 'AAPL', weight: 100 }] })).code).toBe(400);
    const user = await registerUser(ctx.app);
    expect((await post({ ...base, holdings: [{ stockCode: 'AAPL', weight: 100 }] }, user.token)).code).toBe(403);
    expect((await call(ctx.app, 'GET', '/admin/agencies', { token: user.token })).code).toBe(403);
    expect((await call(ctx.app, 'POST', '/admin/agencies/abc', { token: admin, body: { ...base, holdings: [{ stockCode: 'AAPL', weight: 100 }] } })).msg).toContain('ID');
  });

  it('an edit replaces terms and portfolio, is audited, and an inactive agency takes no follows', async () => {
    const body = { name: 'Paused Fund', strategy: 'S', feePercent: 0, termDays: 10, holdings: [{ stockCode: 'NVDA', weight: 100 }] };
    const created = await call<AdminAgency>(ctx.app, 'POST', '/admin/agencies', { token: admin, body });
    const edited = await call<AdminAgency>(ctx.app, 'POST', `/admin/agencies/${created.data.id}`, {
      token: admin,
      body: { ...body, active: false, holdings: [{ stockCode: 'NVDA', weight: 60.5 }, { stockCode: 'AMD', weight: 39.5 }] },
    });
    expect(edited.data).toMatchObject({ active: false, openFollows: 0 });
    expect(edited.data.holdings.map((h) => h.weight)).toEqual([60.5, 39.5]);
    const list = await call<AdminAgency[]>(ctx.app, 'GET', '/admin/agencies', { token: admin });
    expect(list.data.find((a) => a.id === created.data.id)?.active).toBe(false);
    const audit = await call<Page<{ action: string; subject: string; detail: { before?: unknown; after: unknown } }>>(ctx.app, 'GET', '/admin/audit?pageSize=50', { token: admin });
    const entry = audit.data.list.find((e) => e.action === 'agency.update' && e.subject === `agency:${created.data.id}`);
    expect(entry?.detail.before).toMatchObject({ active: true, holdings: ['NVDA 100 %'] });
    expect(entry?.detail.after).toMatchObject({ active: false, holdings: ['NVDA 60.5 %', 'AMD 39.5 %'] });
    const { token } = await follower();
    expectRefused(await add(token, { agencyId: created.data.id, amount: 500 }), 404, 'agency');
    const publicList = await call<Agency[]>(ctx.app, 'GET', '/userFollowInvest/getInvestAgencyList');
    expect(publicList.data.some((a) => a.id === created.data.id)).toBe(false);
  });
});

describe('follow orders', () => {
  it('refuses 99 and 1,000,001, bad input naming the field, and more than the FOLLOW wallet holds', async () => {
    const { token } = await follower(2_000_000);
    const low = await add(token, { agencyId: agency.id, amount: 99 });
    expectRefused(low, 400, 'Amount');
    expect(low.msg).toContain('100');
    const high = await add(token, { agencyId: agency.id, amount: 1_000_001 });
    expectRefused(high, 400, 'Amount');
    expect(high.msg).toContain('1000000');
    expect((await add(token, { agencyId: agency.id, amount: 100.001 })).msg).toContain('Amount');
    expect((await add(token, { agencyId: agency.id, amount: 'lots' })).msg).toContain('Amount');
    expect((await add(token, { amount: 500 })).msg).toContain('agency id');
    expect((await add(token, { agencyId: 'x', amount: 500 })).msg).toContain('agency id');
    expect((await add(token, { agencyId: agency.id, amount: 500, leverage: 2 })).code).toBe(400);
    expect((await add(token, { agencyId: agency.id, amount: 500 }, 'bad key with spaces')).code).toBe(400);
    expect((await add(token, { agencyId: 999_999, amount: 500 })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/userFollowInvest/myList', { token, body: { pageSize: 0 } })).msg).toContain('Page size');
    expect((await call(ctx.app, 'POST', '/userFollowInvest/myList', { token, body: { other: 1 } })).code).toBe(400);
    expect((await call(ctx.app, 'POST', '/userFollowInvest/add', { body: { agencyId: agency.id, amount: 500 } })).code).toBe(401);
    const poor = await follower(50);
    expect((await add(poor.token, { agencyId: agency.id, amount: 100 })).code).toBe(400);
    expect(await myFollows(poor.token)).toEqual([]);
    // Both bounds themselves are accepted.
    expect((await add(token, { agencyId: agency.id, amount: 100 })).code).toBe(200);
    expect((await add(token, { agencyId: agency.id, amount: 1_000_000 })).code).toBe(200);
    await sweepFollows(deps());
    await expectLedgerSound();
  });

  it('add → subscribe → term end: real positions at market, not sellable, value equal to theirs, proceeds back in the wallet', async () => {
    const { token, user } = await follower(10_000);
    const placed = await add(token, { agencyId: agency.id, amount: 5_000 }, 'follow-1');
    expect(placed.data).toMatchObject({ status: 'waiting_confirmation', amount: 5_000, value: 5_000, profit: 0, feePercent: 1.5, termDays: 7, holdings: [] });
    await sweepFollows(deps());

    const [follow] = await myFollows(token);
    expect(follow).toMatchObject({ id: placed.data.id, status: 'subscribed', fee: 75, agencyName: 'Test Weekly' });
    expect(follow!.holdings.map((h) => h.stockCode)).toEqual(['AAPL', 'MSFT', 'F']);
    expect(follow!.invested).toBeGreaterThan(4_925 - 1);
    expect(follow!.invested).toBeLessThanOrEqual(4_925);
    expect(follow!.endTimeTimestamp! - follow!.subscribeTimeTimestamp!).toBe(7 * 86_400);
    for (const h of follow!.holdings) {
      expect(h.status).toBe('open');
      expect(h.openPrice).toBeGreaterThan(ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, h.stockCode)!).price);
      expect(Number.isInteger(Math.round(h.shares * 10_000))).toBe(true);
    }
    // The remainder below a 0.0001-share unit stays available; nothing is frozen once bought.
    const afterBuy = await followWallet(token);
    expect(afterBuy.balance).toBeCloseTo(10_000 - follow!.fee - follow!.invested, 2);
    expect(afterBuy.frozen).toBe(0);

    // Not sellable, not in the Trade tab's lists.
    const positionId = follow!.holdings[0]!.positionId;
    const sell = await call(ctx.app, 'POST', '/position/flatPosition', { token, body: { id: positionId } });
    expectRefused(sell, 409, 'cannot be sold');
    const topUp = await call(ctx.app, 'POST', '/position/addPositionMargin', { token, body: { id: positionId, amount: 50 } });
    expectRefused(topUp, 409, 'follow order');
    expect((await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data).toEqual([]);
    expect((await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} })).data.list).toEqual([]);

    // Value and P&L are the positions' at the live price.
    tick(ctx, 0, 'AAPL', ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'AAPL')!).price * 1.08);
    tick(ctx, 0, 'F', ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'F')!).price * 0.95);
    const rows = await ctx.app.database.db.select().from(positionsTable).where(eq(positionsTable.followId, placed.data.id));
    const worth = rows.map((row) => toPosition(deps(), row)).reduce((sum, p) => sum + Math.round((p.isolatedPosition + p.profit) * 100), 0);
    const [marked] = await myFollows(token);
    expect(Math.round(marked!.value * 100)).toBe(worth);
    expect(marked!.value).toBeCloseTo(marked!.holdings.reduce((sum, h) => sum + h.value, 0), 2);
    expect(marked!.profit).toBeCloseTo(marked!.value - marked!.invested - marked!.fee, 2);
    expect(marked!.profitRatio).toBeCloseTo((marked!.profit / 5_000) * 100, 1);
    await expectLedgerSound();

    // Before the term ends nothing happens; at its end the positions are sold at the bid.
    ctx.clock.advance(6 * DAY);
    await sweepFollows(deps());
    expect((await myFollows(token))[0]?.status).toBe('subscribed');
    ctx.clock.advance(DAY);
    const valueAtEnd = (await myFollows(token))[0]!.value;
    await sweepFollows(deps());
    const [ended] = await myFollows(token);
    expect(ended).toMatchObject({ status: 'ended', value: valueAtEnd });
    expect(ended!.settleTimeTimestamp).not.toBeNull();
    expect(ended!.holdings.every((h) => h.status === 'expired')).toBe(true);
    expect(ended!.profit).toBeCloseTo(valueAtEnd - ended!.invested - ended!.fee, 2);
    expect((await followWallet(token)).balance).toBeCloseTo(10_000 - ended!.fee - ended!.invested + valueAtEnd, 2);
    expect((await followWallet(token)).balance).toBeCloseTo(10_000 + ended!.profit, 2);
    await sweepFollows(deps());
    expect((await myFollows(token))[0]).toEqual(ended);

    const inbox = await call<Page<InboxMessage>>(ctx.app, 'GET', '/userMessage/getMessage', { token });
    const titles = inbox.data.list.map((m) => m.title);
    expect(titles).toContain('Follow order subscribed');
    expect(titles.filter((t) => t === 'Follow order ended')).toHaveLength(1);
    expect((await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data).toEqual([]);
    expect(user.id).toBeGreaterThan(0);
    await expectLedgerSound();
  });
});

describe('follow orders: repeats, strangers and market hours', () => {
  it('the same Idempotency-Key ten times at once places one follow', async () => {
    const { token } = await follower(1_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(token, { agencyId: agency.id, amount: 400 }, 'same-follow')));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    await sweepFollows(deps());
    expect(await myFollows(token)).toHaveLength(1);
    const wallet = await followWallet(token);
    const [follow] = await myFollows(token);
    expect(wallet.balance).toBeCloseTo(1_000 - follow!.fee - follow!.invested, 2);
    await expectLedgerSound();
  });

  it("another user sees none of my follows and cannot touch their positions", async () => {
    const owner = await follower(1_000);
    const other = await follower(1_000);
    await add(owner.token, { agencyId: agency.id, amount: 300 });
    await sweepFollows(deps());
    const [mine] = await myFollows(owner.token);
    expect(mine?.status).toBe('subscribed');
    expect(await myFollows(other.token)).toEqual([]);
    const positionId = mine!.holdings[0]!.positionId;
    expect((await call(ctx.app, 'POST', '/position/flatPosition', { token: other.token, body: { id: positionId } })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/position/addPositionMargin', { token: other.token, body: { id: positionId, amount: 5 } })).code).toBe(404);
  });

  it('placed while the market is closed, a follow is confirmed and waits for the open to buy', async () => {
    // From Monday 09:30 New York plus the week above to Saturday, then to Tuesday (Monday 19 January is a holiday).
    ctx.clock.advance(5 * DAY);
    const { token } = await follower(1_000);
    await add(token, { agencyId: agency.id, amount: 200 });
    await sweepFollows(deps());
    expect((await myFollows(token))[0]).toMatchObject({ status: 'waiting_subscription', value: 200, invested: 0, holdings: [] });
    expect((await followWallet(token)).frozen).toBe(200);
    ctx.clock.advance(3 * DAY + 3_600_000);
    await sweepFollows(deps());
    expect((await myFollows(token))[0]?.status).toBe('subscribed');
    expect((await followWallet(token)).frozen).toBe(0);
    await expectLedgerSound();
  });
});
