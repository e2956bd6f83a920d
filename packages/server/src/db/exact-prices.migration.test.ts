import type { Order, Page, Position, PriceAlert, Transfer, WalletBillItem } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../test/test-app.js';
import { auditLedger } from '../modules/ledger/ledger-invariants.js';
import { queryRows } from './client.js';
import { migrate } from './migrate.js';

/*
 * Migration 0025 on a populated database as release 0024 kept it: populated through the API (orders
 * filled and resting, positions open, partly and fully closed, take-profit and stop-loss, a
 * cross-currency transfer, a price alert, a block offer) with prices that are not round in binary,
 * then its price columns put back to release 0024's DOUBLE PRECISION (each value the double the old
 * code wrote) and 0025 applied again. Every balance, the ledger audit, every stored price and what the
 * API answers must be unchanged. The data is written by today's code on today's schema: today's code
 * cannot run on the 0024 schema, since later migrations add columns it writes.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MARKET_ALWAYS_OPEN: 'true', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const db = () => ctx.app.database.db;

/** Every price-like value the migration converts, as its exact text, keyed by table, row and column. */
const PRICE_COLUMNS: Record<string, string[]> = {
  positions: ['open_price', 'multiplier', 'close_price', 'take_profit', 'stop_loss'],
  orders: ['price', 'fill_price', 'trigger_price'],
  wallet_transfers: ['rate'],
  price_alerts: ['target_price', 'base_price', 'percent', 'triggered_price'],
  block_offers: ['price'],
};

async function storedPrices(): Promise<Record<string, number | null>> {
  const out: Record<string, number | null> = {};
  for (const [table, columns] of Object.entries(PRICE_COLUMNS)) {
    const select = columns.map((c) => `${c}::text AS ${c}`).join(', ');
    const rows = await queryRows<Record<string, string | null>>(db(), sql.raw(`SELECT id, ${select} FROM ${table} ORDER BY id`));
    // Read as JavaScript numbers: what the code got before (a double) and gets after (NUMERIC text).
    for (const row of rows) for (const c of columns) out[`${table}#${row.id}.${c}`] = row[c] === null ? null : Number(row[c]);
  }
  return out;
}

async function snapshot(tokens: string[]) {
  const balances = await queryRows<{ id: number; balance: string; frozen: string }>(db(), sql`SELECT id, balance::text, frozen::text FROM ledger_accounts ORDER BY id`);
  const postings = await queryRows<{ n: number; total: string }>(db(), sql`SELECT count(*)::int AS n, COALESCE(SUM(ABS(amount)), 0)::text AS total FROM postings`);
  const api = [];
  for (const token of tokens) {
    api.push({
      positions: (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data,
      closed: (await call<Page<Position>>(ctx.app, 'POST', '/position/flatList', { token, body: {} })).data,
      orders: (await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} })).data,
      resting: (await call<Order[]>(ctx.app, 'POST', '/position/consignList', { token, body: {} })).data,
      bill: (await call<Page<WalletBillItem>>(ctx.app, 'POST', '/wallet/getWalletBill', { token, body: { timeZone: 'UTC' } })).data,
      alerts: (await call<PriceAlert[]>(ctx.app, 'POST', '/alert/list', { token, body: {} })).data,
    });
  }
  return { balances, postings, audit: await auditLedger(db()), prices: await storedPrices(), api };
}

/** Puts every column 0025 converts back to the type release 0024 had, and forgets that 0025 ran. */
async function rewindTo0024(): Promise<void> {
  for (const [table, columns] of Object.entries(PRICE_COLUMNS)) {
    const alter = columns.map((c) => `ALTER COLUMN ${c} TYPE DOUBLE PRECISION USING ${c}::double precision`).join(', ');
    await db().execute(sql.raw(`ALTER TABLE ${table} ${alter}`));
  }
  await db().execute(sql`DELETE FROM schema_migrations WHERE version = '0025_exact_prices'`);
}

const floatColumns = async () =>
  (await queryRows<{ name: string }>(db(), sql`SELECT table_name || '.' || column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('double precision', 'real') ORDER BY 1`)).map((r) => r.name);

describe('migration 0025: prices to NUMERIC', () => {
  it('leaves every balance, the ledger audit, every price and every API answer as they were', async () => {
    const quote = (source: number, code: string) => ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(source, code)!).price;
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    for (const s of [a, b]) {
      await approveTrading(ctx.app, s.user.id);
      for (const wallet of ['STOCK', 'FUTURE', 'FOREX']) await fund(ctx.app, s.user.id, 5_000_000, wallet);
      await fund(ctx.app, s.user.id, 1_000_000, 'BALANCE');
    }
    const order = (token: string, body: Record<string, unknown>, path = '/stock/create') => call<Order>(ctx.app, 'POST', path, { token, body });
    const ok = <T>(answer: { code: number; msg: string; data: T }) => {
      expect(answer.code, answer.msg).toBe(200);
      return answer.data;
    };
    // Prices that binary floating point cannot hold exactly.
    tick(ctx, 0, 'MSFT', 412.37);
    tick(ctx, 2, 'EURUSD', 1.08345);
    tick(ctx, 3, 'GC', 2331.7);
    tick(ctx, 7, '2330', 1085);
    const msft = ok(await order(a.token, { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 10, leverage: 3 }));
    ok(await order(a.token, { stockCode: 'EURUSD', direction: 1, orderType: 0, quantity: 3, leverage: 100 }));
    ok(await order(b.token, { goldCode: 'GC', direction: 0, orderType: 0, quantity: 1, leverage: 20 }, '/gold/create'));
    ok(await order(b.token, { stockCode: 'MSFT', direction: 0, orderType: 1, price: 399.99, quantity: 2 }));
    ok(await order(b.token, { stockCode: 'MSFT', direction: 1, orderType: 2, triggerPrice: 380.05, quantity: 1 }));
    ok(await call<Transfer>(ctx.app, 'POST', '/wallet/transfer', { token: b.token, body: { fromWallet: 'BALANCE', toWallet: 'TW', amount: '123.45' } }));
    ok(await call(ctx.app, 'POST', '/position/setTpSl', { token: a.token, body: { id: msft.positionId, takeProfit: 450.1, stopLoss: 390.3 } }));
    ok(await call(ctx.app, 'POST', '/alert/create', { token: a.token, body: { stockCode: 'AAPL', kind: 'percent', direction: 'above', percent: 3.7 } }));
    ok(await call(ctx.app, 'POST', '/admin/block-offers', { token: await adminToken(ctx.app), body: { stockCode: 'F', price: 9.53, totalQuantity: 50_000 } }));
    tick(ctx, 0, 'MSFT', 419.11);
    ok(await call(ctx.app, 'POST', '/position/flatPosition', { token: a.token, body: { id: msft.positionId, quantity: 4 } }));
    expect(quote(0, 'MSFT')).toBe(419.11);

    await rewindTo0024();
    expect(await floatColumns()).toContain('positions.open_price');
    const before = await snapshot([a.token, b.token]);
    expect(before.audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
    expect(Object.values(before.prices).filter((p) => p !== null).length).toBeGreaterThanOrEqual(20);
    expect(before.api[0]!.positions.length).toBe(2);
    expect(before.api[1]!.resting.length).toBe(2);

    expect(await migrate(ctx.database)).toEqual(['0025_exact_prices']);
    expect(await floatColumns()).toEqual([]);

    const after = await snapshot([a.token, b.token]);
    expect(after.balances).toEqual(before.balances);
    expect(after.postings).toEqual(before.postings);
    expect(after.audit).toEqual(before.audit);
    expect(after.prices).toEqual(before.prices);
    expect(after.api).toEqual(before.api);
    // The stored text is now the decimal itself, at the documented scale.
    const [stored] = await queryRows<{ open_price: string }>(db(), sql`SELECT open_price::text FROM positions WHERE id = ${msft.positionId}`);
    expect(stored?.open_price).toBe(msft.fillPrice!.toFixed(8));
  });
});
