import { ReviewStatus, type Order } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedRunner, queryRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { approveTrading, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger, ledgerViolations } from '../ledger/ledger-invariants.js';
import { OrderBatcher } from './order-batcher.js';
import { findOrder, findPosition } from './trading.repository.js';
import { placeOrder, type PlaceOrderInput } from './orders.service.js';

// Issue 22: orders placed at the same moment are written by one statement; one order that fails
// does not refuse the others, and the ledger, the idempotency keys and the answers stay as they
// are when every order is its own transaction.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ ORDER_PER_USER_PER_MINUTE: '100000', EMAIL_CODE_PER_IP_PER_HOUR: '1000' });
});
afterAll(() => ctx.close());

const batcher = () => ctx.app.trading.orderBatcher!;

async function trader(cents: number) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  if (cents > 0) await fund(ctx.app, session.user.id, cents, 'STOCK');
  return { id: session.user.id, tradePermission: ReviewStatus.Passed };
}

const marketBuy = (quantity: number): PlaceOrderInput => ({ stockCode: 'MSFT', source: 0, direction: 0, orderType: 0, quantity });

async function wallet(userId: number) {
  const [row] = await queryRows<{ balance: string; frozen: string }>(
    ctx.app.database.db,
    sql`SELECT balance::text, frozen::text FROM ledger_accounts WHERE user_id = ${userId} AND wallet_type = 'STOCK'`,
  );
  return { balance: Number(row?.balance ?? 0), frozen: Number(row?.frozen ?? 0) };
}

async function expectLedgerSound() {
  expect(ledgerViolations(await auditLedger(ctx.app.database.db))).toEqual([]);
}

const refusalKey = (error: unknown) => (error instanceof AppError ? error.key : String(error));

describe('the order batcher', () => {
  it('writes orders that arrive together in one statement, and the rows in memory are the rows stored', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => trader(10_000_000)));
    // Each user's account ids are read once per process; the orders below then reach the batcher in one turn.
    await Promise.all(users.map((user) => placeOrder(ctx.app.trading, user, marketBuy(1), undefined)));
    const before = batcher().stats.batches;
    const placed = await Promise.all(users.map((user) => placeOrder(ctx.app.trading, user, { ...marketBuy(2), orderType: 1, price: 1 }, undefined)));
    expect(batcher().stats.batches).toBe(before + 1);
    expect(batcher().stats.recentSizes.at(-1)).toBe(users.length);
    for (const order of placed) {
      const row = await findOrder(ctx.app.database.db, order.id);
      expect(row).toBeDefined();
      expect(order).toMatchObject({ status: 0, price: row!.price, margin: row!.margin / 100, fee: row!.fee / 100, quantity: 2 });
    }
    const [first] = await Promise.all(users.slice(0, 1).map((user) => placeOrder(ctx.app.trading, user, marketBuy(3), undefined)));
    expect(await findPosition(ctx.app.database.db, first!.positionId!)).toMatchObject({ openPrice: first!.fillPrice, quantity: 3, status: 'open' });
    await expectLedgerSound();
  });

  it('one order short of funds in a batch of many is refused alone; the others are written', async () => {
    const rich = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => trader(10_000_000)));
    const poor = await trader(100);
    const all = [...rich.slice(0, 5), poor, ...rich.slice(5)];
    await Promise.all(rich.map((user) => placeOrder(ctx.app.trading, user, marketBuy(1), undefined)));
    // Too little even for this: it only makes the process learn the poor user's account id.
    await expect(placeOrder(ctx.app.trading, poor, { ...marketBuy(1), orderType: 1, price: 0.01 }, undefined)).rejects.toThrow('ledger.insufficientFunds');
    const poorBefore = await wallet(poor.id);
    const splits = batcher().stats.splits;
    const results = await Promise.allSettled(all.map((user) => placeOrder(ctx.app.trading, user, marketBuy(5), `batch-${user.id}`)));
    // They were taken from the queue together, and the failed statement was split.
    expect(batcher().stats.recentTaken).toContain(all.length);
    expect(batcher().stats.splits).toBeGreaterThan(splits);
    results.forEach((result, i) => {
      if (all[i] === poor) {
        expect(result.status).toBe('rejected');
        expect(refusalKey((result as PromiseRejectedResult).reason)).toBe('ledger.insufficientFunds');
      } else {
        expect(result.status).toBe('fulfilled');
      }
    });
    expect(await wallet(poor.id)).toEqual(poorBefore);
    const [keys] = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key LIKE 'batch-%'`);
    expect(keys?.n).toBe(rich.length);
    await expectLedgerSound();
  });

  it('random mixes at once: every success written once, every refusal changes nothing, a repeated key answers the stored order', async () => {
    const users = await Promise.all([1, 2, 3].map(() => trader(0)));
    let round = 0;
    const seen = { won: 0, short: 0, reused: 0, replayed: 0 };
    const orderArb = fc.record({
      user: fc.nat(users.length - 1),
      kind: fc.constantFrom('market' as const, 'limit' as const),
      quantity: fc.integer({ min: 1, max: 40 }),
      key: fc.option(fc.nat(5), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3_000_000 }), { minLength: 3, maxLength: 3 }), fc.array(orderArb, { minLength: 4, maxLength: 24 }), fc.array(fc.nat(23), { maxLength: 6 }), async (funding, drawn, repeats) => {
        round += 1;
        for (const [i, user] of users.entries()) if (funding[i]! > 0) await fund(ctx.app, user.id, funding[i]!, 'STOCK');
        // Warm the account-id cache so the mix reaches the batcher in one turn.
        await Promise.all(users.map((user) => placeOrder(ctx.app.trading, user, { ...marketBuy(1), orderType: 1, price: 0.01 }, undefined).catch(() => null)));
        const before = await Promise.all(users.map((user) => wallet(user.id)));
        const [{ n: ordersBefore } = { n: 0 }] = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM orders`);
        // Some orders sent twice as they are: with a key, the second is a replay.
        const orders = [...drawn, ...repeats.map((r) => drawn[r % drawn.length]!)];
        const inputs = orders.map((o) => ({
          user: users[o.user]!,
          input: { ...marketBuy(o.quantity), ...(o.kind === 'limit' && { orderType: 1 as const, price: 300 }) },
          key: o.key === undefined ? undefined : `p${round}-${o.key}`,
        }));
        const results = await Promise.allSettled(inputs.map(({ user, input, key }) => placeOrder(ctx.app.trading, user, input, key)));
        const won = new Map<number, Order>();
        for (const [i, result] of results.entries()) {
          if (result.status === 'fulfilled') {
            if (won.has(result.value.id)) seen.replayed += 1;
            else seen.won += 1;
            won.set(result.value.id, result.value);
            continue;
          }
          if (refusalKey(result.reason) === 'ledger.insufficientFunds') seen.short += 1;
          else seen.reused += 1;
          expect(['ledger.insufficientFunds', 'idempotency.keyReused']).toContain(refusalKey(result.reason));
          if (refusalKey(result.reason) === 'idempotency.keyReused') expect(inputs[i]!.key).toBeDefined();
        }
        // Written exactly once: as many new order rows as distinct successful orders, each one stored.
        const [{ n: ordersAfter } = { n: 0 }] = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM orders`);
        expect(ordersAfter - ordersBefore).toBe(won.size);
        for (const order of won.values()) expect((await findOrder(ctx.app.database.db, order.id))?.userId).toBeDefined();
        // Replays: every success under one key is the one stored order; another user's key is another key.
        const byKey = new Map<string, number>();
        for (const [i, result] of results.entries()) {
          const { key, user } = inputs[i]!;
          if (result.status !== 'fulfilled' || key === undefined) continue;
          const id = byKey.get(`${user.id}|${key}`) ?? result.value.id;
          byKey.set(`${user.id}|${key}`, id);
          expect(result.value.id).toBe(id);
        }
        // Refusals changed nothing: each wallet moved by exactly its own successful orders.
        const owner = new Map<number, number>();
        results.forEach((result, i) => {
          if (result.status === 'fulfilled') owner.set(result.value.id, inputs[i]!.user.id);
        });
        for (const [i, user] of users.entries()) {
          const mine = [...won.values()].filter((order) => owner.get(order.id) === user.id);
          const spent = mine.filter((o) => o.status === 1).reduce((sum, o) => sum + Math.round((o.margin + o.fee) * 100), 0);
          const held = mine.filter((o) => o.status === 0).reduce((sum, o) => sum + Math.round((o.margin + o.fee) * 100), 0);
          const after = await wallet(user.id);
          expect(after.balance).toBe(before[i]!.balance - spent);
          expect(after.frozen).toBe(before[i]!.frozen + held);
        }
        await expectLedgerSound();
      }),
      { numRuns: 12 },
    );
    // The mixes really had all four outcomes.
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThan(0);
  });
});

describe('the order batcher keeps the database busy', () => {
  it("sends the next batch's statement as soon as one commits, before that batch's orders answer", async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => trader(10_000_000)));
    await Promise.all(users.map((user) => placeOrder(ctx.app.trading, user, marketBuy(1), undefined)));
    const taken = () => batcher().stats.taken;
    const before = taken();
    const first = users.slice(0, 3).map((user) => placeOrder(ctx.app.trading, user, marketBuy(1), undefined));
    while (taken() === before) await new Promise((resolve) => setImmediate(resolve));
    // The first batch's statement is in flight; these queue behind it (their checks need no database read).
    const second = users.slice(3).map((user) => placeOrder(ctx.app.trading, user, marketBuy(1), undefined));
    const takenWhenFirstAnswered = await first[0]!.then(() => taken());
    await Promise.all([...first, ...second]);
    expect(takenWhenFirstAnswered).toBe(before + 2);
    await expectLedgerSound();
  });

  it('with a pipeline, sends a second batch while one is in flight only once enough orders wait for it', async () => {
    const { database } = ctx.app;
    // PostgreSQL's pipelining connection; on PGlite (one connection) a runner on the database queues the same way.
    const pipeline = database.pipeline ?? fixedRunner(database.db);
    const own = new OrderBatcher(database.db, { pipeline, overlapAt: 3 });
    const deps = { ...ctx.app.trading, orderBatcher: own };
    const users = await Promise.all([1, 2, 3, 4].map(() => trader(10_000_000)));
    await Promise.all(users.map((user) => placeOrder(deps, user, marketBuy(1), undefined)));
    const before = own.stats.taken;
    const turns = async (n: number) => {
      for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    // The first user's wallet row locked elsewhere holds the first batch in flight (its postings lock that row).
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM ledger_accounts WHERE user_id = ${users[0]!.id} FOR UPDATE`);
      locked();
      await released;
    });
    await lockHeld;
    const first = placeOrder(deps, users[0]!, marketBuy(1), undefined);
    while (own.stats.taken === before) await turns(1);
    const two = users.slice(1, 3).map((user) => placeOrder(deps, user, marketBuy(1), undefined));
    await turns(20);
    // Two waiting, fewer than 3: they wait for the first statement rather than go as a small batch.
    expect(own.stats.taken).toBe(before + 1);
    const third = placeOrder(deps, users[3]!, marketBuy(1), undefined);
    while (own.stats.taken === before + 1) await turns(1);
    expect(own.stats.recentTaken.at(-1)).toBe(3);
    release();
    await holder;
    const placed = await Promise.all([first, ...two, third]);
    expect(placed.map((order) => order.status)).toEqual([1, 1, 1, 1]);
    for (const order of placed) expect(await findOrder(database.db, order.id)).toBeDefined();
    await expectLedgerSound();
  });

  it('builds an order as it is submitted while ids taken ahead last, so a commit is followed only by the send', async () => {
    const user = await trader(10_000_000);
    await placeOrder(ctx.app.trading, user, marketBuy(1), undefined);
    const taken = batcher().stats.taken;
    let built = false;
    const refused = batcher().submit(() => {
      built = true;
      throw new Error('refused while built');
    }, null);
    expect(built).toBe(true);
    await expect(refused).rejects.toThrow('refused while built');
    // Refused at once: it never joined a batch.
    expect(batcher().stats.taken).toBe(taken);
  });
});
