import type { AdminIpo, Agency, BuyingPower, FundAndPlaceResult, FundingPlan, Order, Page, Transfer, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, approveTrading, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { conversionRate } from '../market/index.js';
import { valueInMinor } from '@tradewind/contract';
import { amountToSend } from './buying-power.service.js';

let ctx: TestContext;

beforeAll(async () => {
  // Transfers keep their default 30 s window: the one-step call must settle its own transfer at once regardless.
  ctx = await createTestContext({ MARKET_ALWAYS_OPEN: 'true', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

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

/** A user with trading permission and money only in Funding (minor units). */
async function fundingOnly(usdMinor = 25_000_00) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usdMinor);
  return session;
}

const balance = async (token: string, walletType: string) =>
  (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType } })).data;
const buyingPower = async (token: string) => (await call<BuyingPower>(ctx.app, 'POST', '/userCenter/getBuyingPower', { token, body: {} })).data;
const fundAndPlace = (token: string, body: Record<string, unknown>) => call<FundAndPlaceResult>(ctx.app, 'POST', '/wallet/fundAndPlace', { token, body });
const transfers = async (token: string) => (await call<Page<Transfer>>(ctx.app, 'POST', '/wallet/transferList', { token, body: {} })).data;
const orders = async (token: string) => (await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} })).data;

let keyCounter = 0;
const key = (name: string) => `${name}-${Date.now()}-${keyCounter++}`;

const aaplBuy = (quantity: number, extra: Record<string, unknown> = {}) => ({ kind: 'stock', body: { stockCode: 'AAPL', direction: 0, orderType: 0, quantity, ...extra }, idempotencyKey: key('order') });

describe('one view of buying power', () => {
  it('totals every wallet in USD, exactly, with frozen and pending apart and the reasons of each hold', async () => {
    const { token, user } = await fundingOnly(1_000_00);
    await fund(ctx.app, user.id, 333_33, 'BALANCE', 'EUR');
    await fund(ctx.app, user.id, 12_345_67, 'TW', 'TWD');
    await fund(ctx.app, user.id, 500_00, 'STOCK');
    // A pending transfer (30 s window) and a resting limit order far below the price.
    expect((await call(ctx.app, 'POST', '/wallet/transfer', { token, body: { fromWallet: 'BALANCE', toWallet: 'FOREX', amount: '123.45' } })).code).toBe(200);
    const limit = await call<Order>(ctx.app, 'POST', '/stock/create', { token, body: { stockCode: 'AAPL', direction: 0, orderType: 1, price: 1, quantity: 1 } });
    expect(limit.data.status).toBe(0);
    const held = Math.round((limit.data.margin + limit.data.fee) * 100);

    const view = await buyingPower(token);
    expect(view.currency).toBe('USD');
    const eurRate = conversionRate(ctx.app.market.deps, 'EUR', 'USD')!;
    const twdRate = conversionRate(ctx.app.market.deps, 'TWD', 'USD')!;
    const funding = view.wallets.find((w) => w.walletType === 'BALANCE' && w.currency === 'USD')!;
    expect(funding).toMatchObject({ balance: 1000, available: 876.55, frozen: 123.45, holds: [{ reason: 'transfer', amount: 123.45, count: 1 }] });
    const stock = view.wallets.find((w) => w.walletType === 'STOCK')!;
    expect(stock.holds).toEqual([{ reason: 'order', amount: held / 100, count: 1 }]);
    expect(stock.available).toBe((500_00 - held) / 100);
    const tw = view.wallets.find((w) => w.walletType === 'TW')!;
    expect(tw.balanceDisplay).toBe(valueInMinor(12_345_67, twdRate) / 100);
    const eur = view.wallets.find((w) => w.currency === 'EUR')!;
    expect(eur.balanceDisplay).toBe(valueInMinor(333_33, eurRate) / 100);

    // The figures are sums of once-rounded minor units: exact, and the parts make up the whole.
    const expectedAvailable = 876_55 + (500_00 - held) + valueInMinor(333_33, eurRate) + valueInMinor(12_345_67, twdRate);
    expect(Math.round(view.available * 100)).toBe(expectedAvailable);
    expect(view.pendingTransfers).toBe(123.45);
    expect(view.frozen).toBe(held / 100);
    expect(view.holds.map((h) => h.reason).sort()).toEqual(['order', 'transfer']);
    const parts = [view.available, view.frozen, view.pendingTransfers, view.positionMargin, view.floatingProfit].reduce((sum, v) => sum + Math.round(v * 100), 0);
    expect(Math.round(view.totalEquity * 100)).toBe(parts);
    expect(Math.round(view.totalEquity * 100)).toBe(1_000_00 + 500_00 + valueInMinor(333_33, eurRate) + valueInMinor(12_345_67, twdRate));
    await expectLedgerSound();
  });

  it('names IPO and follow holds, and counts open positions', async () => {
    const admin = await adminToken(ctx.app);
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const offering = await call<AdminIpo>(ctx.app, 'POST', '/admin/ipos', {
      token: admin,
      body: { stockCode: 'NVDA', price: 10, lotSize: 100, sharesOffered: 10_000, prospectusDate: now - 3600, purchaseStartDate: now - 60, purchaseEndDate: now + 3600, listDate: now + 7200 },
    });
    expect(offering.code).toBe(200);
    const { token } = await fundingOnly(10_000_00);
    const [agency] = (await call<Agency[]>(ctx.app, 'GET', '/userFollowInvest/getInvestAgencyList')).data;
    const ipo = await fundAndPlace(token, {
      transfer: { fromWallet: 'BALANCE', amount: 1000, idempotencyKey: key('t') },
      action: { kind: 'ipo', body: { id: offering.data.id, quantity: 1 }, idempotencyKey: key('ipo') },
    });
    expect(ipo.code).toBe(200);
    expect(ipo.data.transfer).toMatchObject({ status: 'settled', toWallet: 'SUBSCRIPTION', amount: 1000 });
    expect(ipo.data.subscription).toMatchObject({ quantity: 1 });
    const followed = await fundAndPlace(token, {
      transfer: { fromWallet: 'BALANCE', amount: 200, idempotencyKey: key('t') },
      action: { kind: 'follow', body: { agencyId: agency!.id, amount: 200 }, idempotencyKey: key('follow') },
    });
    expect(followed.code).toBe(200);
    expect(followed.data.transfer.toWallet).toBe('FOLLOW');
    const view = await buyingPower(token);
    const reasons = Object.fromEntries(view.holds.map((h) => [h.reason, h.amount]));
    // The follow may already have been bought by the sweep; the IPO waits for its allotment.
    expect(reasons.ipo).toBe(1000);
    expect(view.wallets.find((w) => w.walletType === 'SUBSCRIPTION')).toMatchObject({ balance: 1000, available: 0, frozen: 1000 });
    expect(Math.round(view.totalEquity * 100)).toBeLessThanOrEqual(10_000_00);
    await expectLedgerSound();
  });
});

describe('funding plan', () => {
  it('says what each other wallet would send, converting at the transfer rate (TWD wallet from USD)', async () => {
    const { token, user } = await fundingOnly(100_00);
    await fund(ctx.app, user.id, 50_00, 'FOREX');
    const plan = await call<FundingPlan>(ctx.app, 'POST', '/wallet/fundingPlan', { token, body: { toWallet: 'TW', amount: 1000 } });
    expect(plan.data.toCurrency).toBe('TWD');
    const rate = conversionRate(ctx.app.market.deps, 'USD', 'TWD')!;
    const needed = amountToSend(1000_00, rate);
    expect(Math.floor(needed * rate)).toBeGreaterThanOrEqual(1000_00);
    expect(Math.floor((needed - 1) * rate)).toBeLessThan(1000_00);
    expect(plan.data.sources[0]).toMatchObject({ fromWallet: 'BALANCE', currency: 'USD', available: 100, amount: needed / 100, enough: true });
    expect(plan.data.sources[1]).toMatchObject({ fromWallet: 'FOREX', enough: true });
    const big = await call<FundingPlan>(ctx.app, 'POST', '/wallet/fundingPlan', { token, body: { toWallet: 'STOCK', amount: 120 } });
    expect(big.data.sources.map((s) => [s.fromWallet, s.amount, s.enough])).toEqual([
      ['BALANCE', 120, false],
      ['FOREX', 120, false],
    ]);
  });
});

describe('transfer and place in one step', () => {
  it('moves the money (settled at once) and fills the order; the ledger adds up', async () => {
    const { token } = await fundingOnly();
    const placed = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '400', idempotencyKey: key('t') }, action: aaplBuy(1) });
    expect(placed.code).toBe(200);
    expect(placed.data.transfer).toMatchObject({ status: 'settled', fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 400, toAmount: 400 });
    expect(placed.data.order).toMatchObject({ status: 1, stockCode: 'AAPL', quantity: 1 });
    const cost = Math.round((placed.data.order!.margin + placed.data.order!.fee) * 100);
    expect(await balance(token, 'BALANCE')).toMatchObject({ balance: 24_600, frozen: 0 });
    expect(Math.round((await balance(token, 'STOCK')).balance * 100)).toBe(400_00 - cost);
    const view = await buyingPower(token);
    expect(view.positionMargin).toBe(placed.data.order!.margin);
    await expectLedgerSound();
  });

  it('converts into the Taiwan wallet at the quoted rate', async () => {
    const { token } = await fundingOnly();
    const placed = await fundAndPlace(token, {
      transfer: { fromWallet: 'BALANCE', amount: '5000', idempotencyKey: key('t') },
      action: { kind: 'twStock', body: { stockCode: '2330', direction: 0, orderType: 0, quantity: 10 }, idempotencyKey: key('o') },
    });
    expect(placed.code).toBe(200);
    const rate = conversionRate(ctx.app.market.deps, 'USD', 'TWD')!;
    expect(placed.data.transfer).toMatchObject({ currency: 'USD', toCurrency: 'TWD', toWallet: 'TW', status: 'settled' });
    expect(Math.round(placed.data.transfer.toAmount * 100)).toBe(Math.floor(5000_00 * rate));
    expect(placed.data.order).toMatchObject({ status: 1, currency: 'TWD', quantity: 10 });
    await expectLedgerSound();
  });

  it('pays futures from the futures wallet and forex from the forex wallet', async () => {
    const { token } = await fundingOnly(1_000_000_00);
    const gold = await fundAndPlace(token, {
      transfer: { fromWallet: 'BALANCE', amount: '100000', idempotencyKey: key('t') },
      action: { kind: 'gold', body: { goldCode: 'GC', goldName: 'Gold', direction: 0, orderType: 0, quantity: 1, leverage: 20 }, idempotencyKey: key('o') },
    });
    expect(gold.msg).toBe('success');
    expect(gold.data.transfer.toWallet).toBe('FUTURE');
    expect(gold.data.order).toMatchObject({ source: 3, stockCode: 'GC', status: 1 });
    const forex = await fundAndPlace(token, {
      transfer: { fromWallet: 'BALANCE', amount: '20000', idempotencyKey: key('t') },
      action: { kind: 'stock', body: { stockCode: 'EURUSD', source: 2, direction: 1, orderType: 0, quantity: 1, leverage: 100 }, idempotencyKey: key('o') },
    });
    expect(forex.msg).toBe('success');
    expect(forex.data.transfer.toWallet).toBe('FOREX');
    expect(forex.data.order).toMatchObject({ source: 2, stockCode: 'EURUSD', status: 1 });
    await expectLedgerSound();
  });
});

describe('transfer and place in one step: refusals, repeats and input', () => {
  it('a refused order leaves nothing behind: no transfer, no order, the money still in Funding', async () => {
    const { token } = await fundingOnly();
    const auditBefore = await auditLedger(ctx.app.database.db);
    const transferKey = key('t');
    const orderKey = key('o');
    // $10 cannot pay for 1 AAPL: the order is refused for want of funds, after the transfer was written.
    const refused = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '10', idempotencyKey: transferKey }, action: { ...aaplBuy(1), idempotencyKey: orderKey } });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('Insufficient funds');
    // A refusal before any money moves names the field (the body is checked first).
    const badQuantity = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '10', idempotencyKey: key('t') }, action: aaplBuy(0) });
    expect(badQuantity.code).toBe(400);
    expect(badQuantity.msg).toContain('Quantity');
    // More than Funding holds: the transfer itself is refused.
    const tooMuch = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '25000.01', idempotencyKey: key('t') }, action: aaplBuy(1) });
    expect(tooMuch).toMatchObject({ code: 400, msg: 'Insufficient funds' });
    expect(await balance(token, 'BALANCE')).toMatchObject({ balance: 25_000, available: 25_000, frozen: 0 });
    expect(await balance(token, 'STOCK')).toMatchObject({ balance: 0, frozen: 0 });
    expect((await transfers(token)).total).toBe(0);
    expect((await orders(token)).total).toBe(0);
    const auditAfter = await auditLedger(ctx.app.database.db);
    expect(auditAfter.totalsByCurrency).toEqual(auditBefore.totalsByCurrency);
    await expectLedgerSound();
    // Nothing was stored under the keys either: the same keys with enough money now go through.
    const retried = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '400', idempotencyKey: transferKey }, action: { ...aaplBuy(1), idempotencyKey: orderKey } });
    expect(retried.code).toBe(200);
    expect(retried.data.order?.status).toBe(1);
  });

  it('replays a repeat with the same keys; a key reused for another body is a 409', async () => {
    const { token } = await fundingOnly();
    const body = { transfer: { fromWallet: 'BALANCE', amount: '400', idempotencyKey: key('t') }, action: aaplBuy(1) };
    const first = await fundAndPlace(token, body);
    const second = await fundAndPlace(token, body);
    expect(second.code).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(await balance(token, 'BALANCE')).toMatchObject({ balance: 24_600 });
    expect((await transfers(token)).total).toBe(1);
    expect((await orders(token)).total).toBe(1);
    const otherAmount = await fundAndPlace(token, { ...body, transfer: { ...body.transfer, amount: '401' } });
    expect(otherAmount.code).toBe(409);
    // A retry with the order's key but a fresh transfer key (the amount followed the price) moves nothing.
    const freshTransfer = await fundAndPlace(token, { ...body, transfer: { ...body.transfer, amount: '401', idempotencyKey: key('t') } });
    expect(freshTransfer).toMatchObject({ code: 409, msg: 'This was already placed with another transfer; nothing was moved this time' });
    expect(await balance(token, 'BALANCE')).toMatchObject({ balance: 24_600 });
    expect((await transfers(token)).total).toBe(1);
    await expectLedgerSound();
  });

  it('a double click (concurrent identical calls) makes one transfer and one order', async () => {
    const { token } = await fundingOnly();
    const body = { transfer: { fromWallet: 'BALANCE', amount: '400', idempotencyKey: key('t') }, action: aaplBuy(1) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => fundAndPlace(token, body)));
    for (const answer of answers) {
      expect(answer.code).toBe(200);
      expect(answer.data.transfer.id).toBe(answers[0]!.data.transfer.id);
      expect(answer.data.order?.id).toBe(answers[0]!.data.order?.id);
    }
    expect((await transfers(token)).total).toBe(1);
    expect((await orders(token)).total).toBe(1);
    expect(await balance(token, 'BALANCE')).toMatchObject({ balance: 24_600, frozen: 0 });
    await expectLedgerSound();
  });

  it('needs a session and checks the body', async () => {
    expect((await fundAndPlace('', { transfer: {}, action: {} })).code).toBe(401);
    const { token } = await fundingOnly(100_00);
    const badKey = await fundAndPlace(token, { transfer: { fromWallet: 'BALANCE', amount: '1', idempotencyKey: 'no spaces' }, action: aaplBuy(1) });
    expect(badKey.code).toBe(400);
    expect(badKey.msg).toContain('idempotencyKey');
    const sameWallet = await fundAndPlace(token, { transfer: { fromWallet: 'STOCK', amount: '1', idempotencyKey: key('t') }, action: aaplBuy(1) });
    expect(sameWallet).toMatchObject({ code: 400, msg: 'From wallet has an invalid value' });
  });
});
