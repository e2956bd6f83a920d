import type { Order, Page, Position, RecurringPlan, RecurringRun } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { placeOrder } from '../trading/index.js';
import * as repo from './recurring.repository.js';
import * as recurring from './recurring.service.js';
import { runDateOf } from './schedule.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const deps = (): recurring.RecurringDeps => ({ trading: ctx.app.trading });
const minutes = (n: number) => ctx.clock.advance(n * 60_000);
/** The clock's next whole minute plus `ahead` minutes, as HH:MM UTC. */
function timeIn(ahead: number): string {
  const at = new Date(Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000 + ahead * 60_000);
  return at.toISOString().slice(11, 16);
}

async function trader(usd: number) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usd * 100, 'STOCK');
  return session;
}
const create = (token: string, body: Record<string, unknown>) => call<RecurringPlan>(ctx.app, 'POST', '/recurring/create', { token, body });
const plans = async (token: string) => (await call<RecurringPlan[]>(ctx.app, 'POST', '/recurring/list', { token, body: {} })).data;
const runs = async (token: string, id: number, language = 'en') =>
  (await call<Page<RecurringRun>>(ctx.app, 'POST', '/recurring/runs', { token, body: { id }, headers: { languages: language } })).data.list;
const ordersOf = (userId: number) => queryRows<{ id: number; quantity: number }>(ctx.app.database.db, sql`SELECT id::int AS id, quantity::int AS quantity FROM orders WHERE user_id = ${userId} ORDER BY id`);

async function expectLedgerSound() {
  const audit = await auditLedger(ctx.app.database.db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
}

describe('recurring investment', () => {
  it('a daily plan buys the most whole shares its amount pays for at its time, once, then waits for the next day', async () => {
    const { token, user } = await trader(1_000);
    const created = await create(token, { stockCode: 'AAPL', amount: 500, frequency: 'daily', time: timeIn(1) });
    expect(created.data).toMatchObject({ stockCode: 'AAPL', amount: 500, currency: 'USD', walletType: 'STOCK', frequency: 'daily', status: 'active' });
    const firstRun = created.data.nextRunTimestamp!;
    expect(firstRun * 1000).toBeGreaterThan(ctx.clock.now().getTime());

    await recurring.runDuePlans(deps());
    expect(await runs(token, created.data.id)).toEqual([]);
    minutes(2);
    // The runner ticking twice (and the sweep besides): one run, one order.
    await Promise.all([recurring.runDuePlans(deps()), recurring.runPlan(deps(), created.data.id), recurring.runPlan(deps(), created.data.id)]);
    await recurring.runDuePlans(deps());
    const [run] = await runs(token, created.data.id);
    expect(run).toMatchObject({ status: 'filled', reason: null, scheduledTimestamp: firstRun });
    expect(run!.spent).toBeLessThanOrEqual(500);
    expect(run!.spent! + (run!.fillPrice! * 1.0005 + 0.01)).toBeGreaterThan(500);
    const orders = await ordersOf(user.id);
    expect(orders.map((o) => o.id)).toEqual([run!.orderId]);
    const positions = (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data;
    expect(positions.map((p) => [p.stockCode, p.positionNum])).toEqual([['AAPL', run!.quantity]]);
    const [plan] = await plans(token);
    expect(plan!.nextRunTimestamp).toBe(firstRun + 86_400);
    console.log(`recurring run: ${run!.quantity} AAPL at ${run!.fillPrice} for ${run!.spent} of 500 USD; next run ${new Date(plan!.nextRunTimestamp! * 1000).toISOString()}`);
    await expectLedgerSound();
  });

  it('a run claimed and placed just before a crash is finished by the next pass with the same order, never a second', async () => {
    const { token, user } = await trader(1_000);
    const created = await create(token, { stockCode: 'MSFT', amount: 300, frequency: 'daily', time: timeIn(1) });
    const scheduledAt = new Date(created.data.nextRunTimestamp! * 1000);
    const runDate = runDateOf(scheduledAt);
    // What a pass that crashed after step 2 leaves: the claimed run pending, the order placed under its key.
    const now = ctx.clock.now();
    await repo.insertRun(ctx.app.database.db, { planId: created.data.id, runDate, scheduledAt, status: 'pending', quantity: 1, createdAt: now, updatedAt: now });
    const placed = await placeOrder(
      ctx.app.trading,
      { id: user.id, tradePermission: 3 },
      { stockCode: 'MSFT', source: 0, direction: 0, orderType: 0, quantity: 1 },
      `recurring-${created.data.id}-${runDate}`,
    );
    // Restarted, the run is due (the sweep may get there first: it finds the same claim and key).
    minutes(2);
    await recurring.runDuePlans(deps());
    await recurring.runDuePlans(deps());
    const list = await runs(token, created.data.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'filled', orderId: placed.id, quantity: 1 });
    expect((await ordersOf(user.id)).map((o) => o.id)).toEqual([placed.id]);
    expect((await plans(token))[0]!.nextRunTimestamp).toBe(created.data.nextRunTimestamp! + 86_400);
  });
});

describe('recurring investment: skipped runs, pausing and schedules', () => {
  it('skips a run and says why when the wallet is short (in the reader’s language), and when the market is closed', async () => {
    const { token, user } = await trader(50);
    const short = await create(token, { stockCode: 'NVDA', amount: 100, frequency: 'daily', time: timeIn(1) });
    // Taiwan's market is closed at this hour (the fake clock is 09:30 in New York).
    const closed = await create(token, { stockCode: '2330', source: 7, amount: 5_000, frequency: 'daily', time: timeIn(1) });
    expect(closed.data).toMatchObject({ currency: 'TWD', walletType: 'TW' });
    minutes(2);
    await recurring.runDuePlans(deps());
    const [skipped] = await runs(token, short.data.id);
    expect(skipped).toMatchObject({ status: 'skipped', orderId: null, reason: 'Skipped: the STOCK wallet had less than the plan amount available' });
    expect((await runs(token, short.data.id, 'de'))[0]!.reason).toBe('Ausgelassen: im STOCK-Wallet war weniger als der Planbetrag verfügbar');
    expect((await runs(token, closed.data.id))[0]).toMatchObject({ status: 'skipped', reason: 'Skipped: the market for 2330 was closed' });
    expect(await ordersOf(user.id)).toEqual([]);
    // Skipped runs still move the plan on: the next is tomorrow.
    expect((await plans(token)).find((p) => p.id === short.data.id)!.nextRunTimestamp).toBe(short.data.nextRunTimestamp! + 86_400);
  });

  it('pause stops runs, resume restarts from the next time, cancel ends; another user gets 404', async () => {
    const { token, user } = await trader(1_000);
    const created = await create(token, { stockCode: 'AMD', amount: 200, frequency: 'daily', time: timeIn(1) });
    const pause = (t: string, id = created.data.id) => call<RecurringPlan>(ctx.app, 'POST', '/recurring/pause', { token: t, body: { id } });
    const resume = (t: string) => call<RecurringPlan>(ctx.app, 'POST', '/recurring/resume', { token: t, body: { id: created.data.id } });
    const cancel = (t: string) => call<RecurringPlan>(ctx.app, 'POST', '/recurring/cancel', { token: t, body: { id: created.data.id } });

    const other = await registerUser(ctx.app);
    for (const answer of [await pause(other.token), await resume(other.token), await cancel(other.token)]) expect(answer.code).toBe(404);
    expect((await call(ctx.app, 'POST', '/recurring/runs', { token: other.token, body: { id: created.data.id } })).code).toBe(404);
    expect(await plans(other.token)).toEqual([]);

    const paused = await pause(token);
    expect(paused.data).toMatchObject({ status: 'paused', nextRunTimestamp: null });
    expect((await pause(token)).code).toBe(409);
    minutes(2);
    await recurring.runDuePlans(deps());
    expect(await runs(token, created.data.id)).toEqual([]);
    const resumed = await resume(token);
    expect(resumed.data.status).toBe('active');
    // The time passed while paused: the next run is tomorrow's, not a catch-up now.
    expect(resumed.data.nextRunTimestamp).toBe(created.data.nextRunTimestamp! + 86_400);
    await recurring.runDuePlans(deps());
    expect(await runs(token, created.data.id)).toEqual([]);
    expect((await cancel(token)).data).toMatchObject({ status: 'cancelled', nextRunTimestamp: null });
    expect((await resume(token)).code).toBe(409);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('weekly and monthly plans get their next run from the weekday and day of the month; bad input names the field', async () => {
    const { token } = await trader(100);
    // Monday 2026-01-05: Friday is the 9th; the 31st of January.
    const weekly = await create(token, { stockCode: 'F', amount: '25.50', frequency: 'weekly', weekday: 5, time: '15:00' });
    expect(new Date(weekly.data.nextRunTimestamp! * 1000).toISOString()).toBe('2026-01-09T15:00:00.000Z');
    expect(weekly.data.amount).toBe(25.5);
    const monthly = await create(token, { stockCode: 'F', amount: 25, frequency: 'monthly', dayOfMonth: 31, time: '15:00' });
    expect(new Date(monthly.data.nextRunTimestamp! * 1000).toISOString()).toBe('2026-01-31T15:00:00.000Z');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stockCode: 'F', amount: 25, frequency: 'weekly', time: '15:00' }, 'weekday'],
      [{ stockCode: 'F', amount: 25, frequency: 'monthly', time: '15:00' }, 'dayOfMonth'],
      [{ stockCode: 'F', amount: 25, frequency: 'daily', time: '15:00', dayOfMonth: 3 }, 'dayOfMonth'],
      [{ stockCode: 'F', amount: 25, frequency: 'daily', time: '25:00' }, 'time'],
      [{ stockCode: 'F', amount: '1.234', frequency: 'daily', time: '15:00' }, 'amount'],
      [{ stockCode: 'F', amount: 25, frequency: 'hourly', time: '15:00' }, 'frequency'],
      [{ stockCode: 'NOPE', amount: 25, frequency: 'daily', time: '15:00' }, 'NOPE'],
    ];
    for (const [body, expected] of cases) {
      const answer = await create(token, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(shownField(expected));
    }
    expect((await plans(token)).length).toBe(2);
    // Orders placed by plans are ordinary orders in the history.
    expect((await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} })).data.list).toEqual([]);
  });
});
