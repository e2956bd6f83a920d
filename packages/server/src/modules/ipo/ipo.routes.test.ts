import type { AdminIpo, InboxMessage, IpoAllotment, IpoFullNum, IpoOffering, IpoSubscription, Page, Position, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { drawAllotment } from './ipo-lottery.js';
import { runDue } from './ipo-allotment.service.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

const HOUR = 3600;
const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

/** An offering opening now, closing in an hour, listing two hours later (price in dollars, lot in shares). */
async function createIpo(terms: { stockCode?: string; price?: number; lotSize?: number; sharesOffered?: number } = {}) {
  const now = nowSeconds();
  const answer = await call<AdminIpo>(ctx.app, 'POST', '/admin/ipos', {
    token: admin,
    body: {
      stockCode: terms.stockCode ?? 'AMD',
      price: terms.price ?? 12.5,
      lotSize: terms.lotSize ?? 100,
      sharesOffered: terms.sharesOffered ?? 1000,
      prospectusDate: now - HOUR,
      purchaseStartDate: now - 60,
      purchaseEndDate: now + HOUR,
      listDate: now + 3 * HOUR,
    },
  });
  expect(answer.code).toBe(200);
  return answer.data;
}

async function subscriber(usd: number) {
  const session = await registerUser(ctx.app);
  if (usd > 0) await fund(ctx.app, session.user.id, usd * 100, 'SUBSCRIPTION');
  return session;
}

const subscribe = (token: string, body: Record<string, unknown>, key?: string) =>
  call<IpoSubscription>(ctx.app, 'POST', '/NewShares/create', { token, body, ...(key && { headers: { 'idempotency-key': key } }) });
const mine = (token: string, body: Record<string, unknown> = {}) => call<IpoSubscription[]>(ctx.app, 'POST', '/position/subscription', { token, body });
const wallet = async (token: string) => (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType: 'SUBSCRIPTION' } })).data;

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

/** IPO escrow holds exactly what allotments took and listings have not yet turned into positions. */
async function expectEscrowMatchesUnlisted() {
  const [row] = await queryRows<{ escrow: string; unlisted: string }>(
    ctx.app.database.db,
    sql`SELECT COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'ipo_escrow'), 0)::text AS escrow,
               COALESCE((SELECT SUM(paid_minor) FROM ipo_subscriptions WHERE listed_at IS NULL), 0)::text AS unlisted`,
  );
  expect(Number(row?.escrow)).toBe(Number(row?.unlisted));
  return Number(row?.escrow);
}

describe('IPO subscriptions', () => {
  it('lists offerings with price, lot, dates and the lottery seed’s hash; admins only create them', async () => {
    const created = await createIpo({ stockCode: 'NVDA', price: 99.99, lotSize: 10, sharesOffered: 5000 });
    expect(created).toMatchObject({ stockCode: 'NVDA', price: 99.99, lotSize: 10, lotAmount: 999.9, lotsOffered: 500, status: 'open', seed: null, editable: true, termsLocked: false });
    const list = await call<IpoOffering[]>(ctx.app, 'GET', '/m_ft/webull/new/stock');
    const shown = list.data.find((o) => o.id === created.id)!;
    expect(shown).toMatchObject({ source: 5, currency: 'USD', market: 'NASDAQ', purchaseEndDate: created.purchaseEndDate, listDate: created.listDate });
    expect(shown.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(list.data)).not.toContain('"seed"');
    const user = await registerUser(ctx.app);
    const refused = await call(ctx.app, 'POST', '/admin/ipos', { token: user.token, body: { stockCode: 'NVDA' } });
    expect(refused.code).toBe(403);
  });

  it('answers bad input on every call with a 400 naming the field', async () => {
    const shownField: Record<string, string> = { quantity: 'Quantity', stockCode: 'Symbol', id: 'ID', pageSize: 'Page size', price: 'Price', lotSize: 'lot size', listDate: 'Listing date' };
    const { token } = await subscriber(0);
    const offering = await createIpo();
    const now = nowSeconds();
    const cases: Array<[string, string, Record<string, unknown>, string, string?]> = [
      ['POST', '/NewShares/create', { id: offering.id, quantity: 1.5 }, 'quantity'],
      ['POST', '/NewShares/create', { id: offering.id, quantity: 0 }, 'quantity'],
      ['POST', '/NewShares/create', { id: offering.id }, 'quantity'],
      ['POST', '/NewShares/create', { quantity: 1 }, 'stockCode'],
      ['POST', '/NewShares/create', { id: 'x', quantity: 1 }, 'id'],
      ['POST', '/NewShares/create', { id: offering.id, quantity: 1, extra: 1 }, 'extra'],
      ['POST', '/NewShares/create', { id: offering.id, quantity: 1_000 }, 'quantity'],
      ['POST', '/position/getIpoFullNum', {}, 'stockCode'],
      ['POST', '/position/getIpoFullNum', { stockCode: 'not a code!' }, 'stockCode'],
      ['POST', '/position/subscription', { id: -1 }, 'id'],
      ['POST', '/position/subscriptionOrder/pageList', { pageSize: 0 }, 'pageSize'],
      ['POST', '/position/subscriptionOrder/pageList', { status: 7 }, 'status'],
      ['POST', '/admin/ipos', { stockCode: 'AMD', price: 1.234, lotSize: 1, sharesOffered: 1, prospectusDate: now, purchaseStartDate: now, purchaseEndDate: now + 9, listDate: now + 99 }, 'price', admin],
      ['POST', '/admin/ipos', { stockCode: 'AMD', price: 1, lotSize: 100, sharesOffered: 150, prospectusDate: now, purchaseStartDate: now, purchaseEndDate: now + 9, listDate: now + 99 }, 'sharesOffered', admin],
      ['POST', '/admin/ipos', { stockCode: 'AMD', price: 1, lotSize: 1, sharesOffered: 1, prospectusDate: now, purchaseStartDate: now, purchaseEndDate: now + 99, listDate: now + 9 }, 'listDate', admin],
      ['POST', '/admin/ipos', { stockCode: 'AMD', price: 1, lotSize: 1, sharesOffered: 1, prospectusDate: now - 99, purchaseStartDate: now - 9, purchaseEndDate: now - 1, listDate: now + 9 }, 'purchaseEndDate', admin],
      ['POST', '/admin/ipos', { stockCode: 'ZZZZZ', price: 1, lotSize: 1, sharesOffered: 1, prospectusDate: now, purchaseStartDate: now, purchaseEndDate: now + 9, listDate: now + 99 }, 'stockCode', admin],
      ['POST', `/admin/ipos/${offering.id}`, { lotSize: 'ten' }, 'lotSize', admin],
      ['POST', '/admin/ipos/abc', { name: 'x' }, 'id', admin],
    ];
    for (const [method, url, body, field, as = token] of cases) {
      const answer = await call(ctx.app, method as 'POST', url, { token: as, body });
      expect(answer.code, `${url} ${JSON.stringify(body)}`).toBe(400);
      // Fields read as people call them (Quantity, Symbol, Page size), refusals of the IPO desk name its own.
      expect(answer.msg, `${url} ${JSON.stringify(body)}`).toContain(shownField[field] ?? field);
    }
    const badId = await call(ctx.app, 'GET', '/admin/ipos/abc/allotment', { token: admin });
    expect(badId).toMatchObject({ code: 400 });
    expect(badId.msg).toContain('ID');
  });

  it('tells the most affordable lots and refuses more; one key sent 10 times makes one subscription', async () => {
    const offering = await createIpo({ price: 12.5, lotSize: 100, sharesOffered: 100_000 });
    const { token } = await subscriber(5_100);
    const full = await call<IpoFullNum>(ctx.app, 'POST', '/position/getIpoFullNum', { token, body: { stockCode: 'AMD' } });
    expect(full.data).toMatchObject({ full: 4, lotSize: 100, lotAmount: 1250, available: 5100, currency: 'USD' });
    const tooMuch = await subscribe(token, { id: offering.id, quantity: 5 });
    expect(tooMuch).toMatchObject({ code: 400, msg: 'Insufficient funds' });

    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(token, { id: offering.id, quantity: 4 }, 'ipo-key-1')));
    for (const answer of answers) expect(answer.code).toBe(200);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers[0]!.data).toMatchObject({ status: 0, quantity: 4, shares: 400, price: 12.5, total: 5000, amountPending: 5000, amountPaid: 0, allotmentQuantity: 0 });
    expect((await mine(token)).data).toHaveLength(1);
    expect(await wallet(token)).toMatchObject({ balance: 5100, frozen: 5000, available: 100 });
    const again = await subscribe(token, { id: offering.id, quantity: 1 }, 'ipo-key-2');
    expect(again.code).toBe(409);
    await expectLedgerSound();
  });

  it('nobody sees another user’s subscriptions', async () => {
    const offering = await createIpo();
    const owner = await subscriber(2_000);
    expect((await subscribe(owner.token, { id: offering.id, quantity: 1 })).code).toBe(200);
    const other = await subscriber(0);
    expect((await mine(other.token)).data).toEqual([]);
    expect((await mine(other.token, { id: offering.id })).data).toEqual([]);
    const page = await call<Page<IpoSubscription>>(ctx.app, 'POST', '/position/subscriptionOrder/pageList', { token: other.token, body: {} });
    expect(page.data).toMatchObject({ list: [], total: 0 });
    const anonymous = await call(ctx.app, 'POST', '/position/subscription', { body: {} });
    expect(anonymous.code).toBe(401);
  });
});

describe('IPO subscriptions: allotment and listing', () => {
  it('subscribe → allot (lottery) → refund → listing conserves money; running the allotment twice does nothing more', async () => {
    // 10 lots offered; 3 subscribers ask 8 + 6 + 4 = 18: oversubscribed, so the seeded lottery decides.
    const offering = await createIpo({ stockCode: 'TSLA', price: 20, lotSize: 50, sharesOffered: 500 });
    const users = [await subscriber(10_000), await subscriber(10_000), await subscriber(10_000)];
    const asked = [8, 6, 4];
    for (const [i, u] of users.entries()) expect((await subscribe(u.token, { stockCode: 'TSLA', quantity: asked[i] })).code).toBe(200);
    await expectLedgerSound();
    const waiting = await call<Page<IpoSubscription>>(ctx.app, 'POST', '/position/subscriptionOrder/pageList', { token: users[0]!.token, body: { status: 0 } });
    expect(waiting.data.list[0]).toMatchObject({ status: 0, amountPending: 8000, listDate: offering.listDate, prospectusDate: offering.prospectusDate });

    expect((await call(ctx.app, 'POST', `/admin/ipos/${offering.id}/allot`, { token: admin, body: {} })).code).toBe(409);
    ctx.clock.advance((HOUR + 1) * 1000);
    const late = await subscriber(2_000);
    expect(await subscribe(late.token, { id: offering.id, quantity: 1 })).toMatchObject({ code: 409, msg: 'Subscriptions to this IPO have closed' });
    const edit = await call(ctx.app, 'POST', `/admin/ipos/${offering.id}`, { token: admin, body: { name: 'Late edit' } });
    expect(edit.code).toBe(409);

    const allotted = await call<AdminIpo>(ctx.app, 'POST', `/admin/ipos/${offering.id}/allot`, { token: admin, body: {} });
    expect(allotted.data).toMatchObject({ status: 'allotted', demandLots: 18, allottedLots: 10, editable: false });
    expect(allotted.data.seed).toMatch(/^[0-9a-f]{64}$/);
    const entries = async () => (await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM journal_entries`))[0]!.n;
    // The other tests' offerings are due too: the sweep allots them; then nothing is left to do.
    await runDue(ctx.app.ipo);
    const before = await entries();
    const twice = await call<AdminIpo>(ctx.app, 'POST', `/admin/ipos/${offering.id}/allot`, { token: admin, body: {} });
    expect(twice.data).toEqual(allotted.data);
    expect(await runDue(ctx.app.ipo)).toEqual({ allotted: 0, listed: 0 });
    expect(await entries()).toBe(before);

    const record = await call<{ offering: AdminIpo; lines: IpoAllotment[] }>(ctx.app, 'GET', `/admin/ipos/${offering.id}/allotment`, { token: admin });
    const replay = drawAllotment(allotted.data.seed!, 10, record.data.lines.map((l) => ({ subscriptionId: l.subscriptionId, lots: l.requestedLots })));
    expect(replay.drawDigest).toBe(record.data.offering.drawDigest);
    expect(record.data.lines.map((l) => l.allottedLots)).toEqual(replay.lines.map((l) => l.allottedLots));
    expect(record.data.lines.reduce((sum, l) => sum + l.allottedLots, 0)).toBe(10);

    let paidTotal = 0;
    for (const [i, u] of users.entries()) {
      const [sub] = (await mine(u.token)).data;
      const line = record.data.lines.find((l) => l.subscriptionId === sub!.id)!;
      expect(sub).toMatchObject({ status: line.allottedLots > 0 ? 1 : 2, allotmentQuantity: line.allottedLots, amountPending: 0 });
      expect(sub!.amountPaid).toBe(line.allottedLots * 50 * 20);
      expect(sub!.amountPaid + sub!.amountRefunded).toBe(asked[i]! * 50 * 20);
      expect(await wallet(u.token)).toMatchObject({ frozen: 0, balance: 10_000 - sub!.amountPaid });
      paidTotal += sub!.amountPaid;
      const inbox = await call<Page<InboxMessage>>(ctx.app, 'GET', '/userMessage/getMessage', { token: u.token });
      expect(JSON.stringify(inbox.data)).toContain(line.allottedLots > 0 ? 'IPO allotted' : 'IPO not allotted');
    }
    expect(paidTotal).toBe(10_000);
    expect(await expectEscrowMatchesUnlisted()).toBeGreaterThanOrEqual(paidTotal * 100);
    await expectLedgerSound();

    ctx.clock.advance(2 * HOUR * 1000);
    expect((await runDue(ctx.app.ipo)).listed).toBeGreaterThanOrEqual(1);
    expect(await expectEscrowMatchesUnlisted()).toBe(0);
    for (const u of users) {
      const [sub] = (await mine(u.token)).data;
      const positions = await call<Position[]>(ctx.app, 'POST', '/position/me', { token: u.token, body: {} });
      if (sub!.status === 1) {
        expect(sub).toMatchObject({ listed: true });
        expect(positions.data).toHaveLength(1);
        expect(positions.data[0]).toMatchObject({ stockCode: 'TSLA', source: 0, positionNum: sub!.allotmentShares, openPrice: 20, leverage: 1, isolatedPosition: sub!.amountPaid });
      } else expect(positions.data).toEqual([]);
    }
    expect((await runDue(ctx.app.ipo)).listed).toBe(0);
    await expectLedgerSound();

    const auditLog = await call<Page<{ action: string; subject: string }>>(ctx.app, 'GET', '/admin/audit', { token: admin });
    const actions = auditLog.data.list.filter((e) => e.subject === `ipo:${offering.id}`).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ipo.create', 'ipo.allot']));
  });

  it('an undersubscribed offering allots everyone in full without a draw; terms lock once someone subscribed', async () => {
    const offering = await createIpo({ stockCode: 'F', price: 10, lotSize: 100, sharesOffered: 10_000 });
    const u = await subscriber(3_000);
    expect((await subscribe(u.token, { id: offering.id, quantity: 3 })).code).toBe(200);
    const locked = await call(ctx.app, 'POST', `/admin/ipos/${offering.id}`, { token: admin, body: { price: 11 } });
    expect(locked.code).toBe(409);
    const renamed = await call<AdminIpo>(ctx.app, 'POST', `/admin/ipos/${offering.id}`, { token: admin, body: { name: 'Ford Motor (re-IPO)', sharesOffered: 20_000 } });
    expect(renamed.data).toMatchObject({ name: 'Ford Motor (re-IPO)', lotsOffered: 200, termsLocked: true });
    ctx.clock.advance((HOUR + 1) * 1000);
    await runDue(ctx.app.ipo);
    const [sub] = (await mine(u.token)).data;
    expect(sub).toMatchObject({ status: 1, allotmentQuantity: 3, amountPaid: 3000, amountRefunded: 0 });
    const record = await call<{ offering: AdminIpo }>(ctx.app, 'GET', `/admin/ipos/${offering.id}/allotment`, { token: admin });
    expect(record.data.offering).toMatchObject({ drawDigest: null, allottedLots: 3, demandLots: 3 });
    await expectLedgerSound();
  });
});
