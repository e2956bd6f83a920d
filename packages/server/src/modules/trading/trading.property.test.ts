import type { Order, Position } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { settleDueTransfers } from '../wallet/wallet.service.js';

let ctx: TestContext;
const symbols = [
  { source: 0, code: 'AAPL' },
  { source: 0, code: 'TSLA' },
  { source: 2, code: 'EURUSD' },
  { source: 3, code: 'CL' },
] as const;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '5' });
});
afterAll(() => ctx.close());

const step = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    user: fc.nat(2),
    wallet: fc.constantFrom('BALANCE', 'STOCK', 'FOREX', 'FUTURE'),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  fc.record({ op: fc.constant('transfer' as const), user: fc.nat(2), to: fc.constantFrom('STOCK', 'FOREX', 'FUTURE'), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ op: fc.constant('cancelTransfer' as const), user: fc.nat(2) }),
  // Orders are weighted up so every run really trades.
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: fc.nat(2),
      symbol: fc.nat(symbols.length - 1),
      direction: fc.constantFrom(0 as const, 1 as const),
      kind: fc.constantFrom('market' as const, 'limit' as const, 'stop' as const, 'stopLimit' as const),
      offset: fc.double({ min: -0.03, max: 0.03, noNaN: true }),
      quantity: fc.integer({ min: 1, max: 30 }),
      leverage: fc.integer({ min: 1, max: 10 }),
    }),
  },
  fc.record({ op: fc.constant('cancelOrder' as const), user: fc.nat(2) }),
  fc.record({ op: fc.constant('close' as const), user: fc.nat(2), part: fc.boolean() }),
  fc.record({
    op: fc.constant('tpsl' as const),
    user: fc.nat(2),
    takeProfit: fc.option(fc.double({ min: 0.9, max: 1.1, noNaN: true })),
    stopLoss: fc.option(fc.double({ min: 0.9, max: 1.1, noNaN: true })),
  }),
  fc.record({ op: fc.constant('move' as const), symbol: fc.nat(symbols.length - 1), factor: fc.double({ min: 0.85, max: 1.15, noNaN: true }) }),
  fc.record({ op: fc.constant('settle' as const), seconds: fc.integer({ min: 0, max: 40 }) }),
);

async function waitForEngine() {
  await new Promise((resolve) => setTimeout(resolve, 30));
}

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
type Session = Awaited<ReturnType<typeof registerUser>>;
type Outcomes = { orders: number; closes: number; stops: number };

async function placeOrder(users: Session[], s: Extract<Step, { op: 'order' }>, outcomes: Outcomes) {
  const symbol = symbols[s.symbol]!;
  const price = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(symbol.source, symbol.code)!).price;
  // A stop's trigger is away from the price on its side (buy above, sell below); a stop-limit's limit 1 % beyond it.
  const away = (s.direction === 0 ? 1 : -1) * (Math.abs(s.offset) + 0.001);
  const trigger = price * (1 + away);
  const body = {
    ...(symbol.source === 3 ? { goldCode: symbol.code } : { stockCode: symbol.code, source: symbol.source }),
    direction: s.direction,
    orderType: { market: 0, limit: 1, stop: 2, stopLimit: 3 }[s.kind],
    ...(s.kind === 'limit' && { price: Number((price * (1 + s.offset)).toFixed(4)) }),
    ...((s.kind === 'stop' || s.kind === 'stopLimit') && { triggerPrice: Number(trigger.toFixed(4)) }),
    ...(s.kind === 'stopLimit' && { price: Number((trigger * (1 + Math.sign(away) * 0.01)).toFixed(4)) }),
    quantity: s.quantity,
    leverage: s.leverage,
  };
  const answer = await call<Order>(ctx.app, 'POST', symbol.source === 3 ? '/gold/create' : '/stock/create', { token: users[s.user]!.token, body });
  expect([200, 400], answer.msg).toContain(answer.code);
  if (answer.code === 200) outcomes.orders++;
  if (answer.code === 200 && (s.kind === 'stop' || s.kind === 'stopLimit')) outcomes.stops++;
}

async function closeFirstPosition(users: Session[], s: Extract<Step, { op: 'close' }>, outcomes: Outcomes) {
  const open = await call<Position[]>(ctx.app, 'POST', '/position/me', { token: users[s.user]!.token, body: {} });
  const first = open.data[0];
  if (!first) return;
  const quantity = s.part && first.positionNum > 1 ? Math.floor(first.positionNum / 2) : undefined;
  const answer = await call(ctx.app, 'POST', '/position/flatPosition', { token: users[s.user]!.token, body: { id: first.id, ...(quantity && { quantity }) } });
  expect([200, 409]).toContain(answer.code);
  if (answer.code === 200) outcomes.closes++;
}

async function setTpSlOnFirstPosition(users: Session[], s: Extract<Step, { op: 'tpsl' }>) {
  const open = await call<Position[]>(ctx.app, 'POST', '/position/me', { token: users[s.user]!.token, body: {} });
  const first = open.data[0];
  if (!first) return;
  const level = (factor: number | null) => (factor === null ? null : Number((first.nowPrice * factor).toFixed(4)));
  const body = { id: first.id, takeProfit: level(s.takeProfit), stopLoss: level(s.stopLoss) };
  // 400 when a level is on the wrong side of the price, 409 when the engine closed it meanwhile.
  expect([200, 400, 409]).toContain((await call(ctx.app, 'POST', '/position/setTpSl', { token: users[s.user]!.token, body })).code);
}

async function runStep(users: Session[], s: Step, outcomes: Outcomes) {
  switch (s.op) {
    case 'deposit':
      await fund(ctx.app, users[s.user]!.user.id, s.amount, s.wallet);
      break;
    case 'transfer': {
      const answer = await call(ctx.app, 'POST', '/wallet/transfer', { token: users[s.user]!.token, body: { fromWallet: 'BALANCE', toWallet: s.to, amount: s.amount / 100 } });
      expect([200, 400]).toContain(answer.code);
      break;
    }
    case 'cancelTransfer': {
      const list = await call<{ list: Array<{ id: number; status: string }> }>(ctx.app, 'POST', '/wallet/transferList', { token: users[s.user]!.token, body: {} });
      const pending = list.data.list.find((t) => t.status === 'pending');
      if (pending) expect([200, 409]).toContain((await call(ctx.app, 'POST', '/wallet/cancelTransfer', { token: users[s.user]!.token, body: { id: pending.id } })).code);
      break;
    }
    case 'order':
      await placeOrder(users, s, outcomes);
      break;
    case 'cancelOrder': {
      const resting = await call<Order[]>(ctx.app, 'POST', '/position/consignList', { token: users[s.user]!.token, body: {} });
      const first = resting.data[0];
      if (first) expect([200, 409]).toContain((await call(ctx.app, 'POST', '/orders/cancel', { token: users[s.user]!.token, body: { id: first.id } })).code);
      break;
    }
    case 'close':
      await closeFirstPosition(users, s, outcomes);
      break;
    case 'tpsl':
      await setTpSlOnFirstPosition(users, s);
      break;
    case 'move': {
      const symbol = symbols[s.symbol]!;
      const price = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(symbol.source, symbol.code)!).price;
      tick(ctx, symbol.source, symbol.code, price * s.factor);
      await waitForEngine();
      break;
    }
    case 'settle':
      ctx.clock.advance(s.seconds * 1000);
      await settleDueTransfers({ db: ctx.app.database.db, clock: ctx.clock, market: ctx.app.market.deps, settleSeconds: ctx.config.TRANSFER_SETTLE_SECONDS });
      break;
  }
}

async function expectInvariantsHold() {
  await waitForEngine();
  const db = ctx.app.database.db;
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
  const [check] = await queryRows<{ held: string; owed: string; holds: string; resting: string }>(
    db,
    sql`SELECT
          COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'margin'), 0)::text AS held,
          COALESCE((SELECT SUM(margin) FROM positions WHERE status = 'open'), 0)::text AS owed,
          (SELECT count(*) FROM holds h JOIN orders o ON o.hold_id = h.id WHERE h.status = 'pending')::text AS holds,
          (SELECT count(*) FROM orders WHERE status = 0 AND order_type IN (1, 2, 3))::text AS resting`,
  );
  expect(Number(check?.held)).toBe(Number(check?.owed));
  expect(Number(check?.holds)).toBe(Number(check?.resting));
}

describe('ledger invariants under random trading', () => {
  it('hold after deposits, transfers, cancels, orders, fills, closes, price moves and liquidations', async () => {
    const users: Session[] = [];
    for (let i = 0; i < 3; i++) {
      const session = await registerUser(ctx.app);
      await approveTrading(ctx.app, session.user.id);
      for (const wallet of ['STOCK', 'FOREX', 'FUTURE']) await fund(ctx.app, session.user.id, 2_000_000, wallet);
      users.push(session);
    }
    const outcomes: Outcomes = { orders: 0, closes: 0, stops: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        for (const s of steps) await runStep(users, s, outcomes);
        await expectInvariantsHold();
      }),
      { numRuns: 12, seed: 42_2026 },
    );
    // The sequences must really trade, or the invariants above prove little.
    expect(outcomes.orders).toBeGreaterThan(20);
    expect(outcomes.closes).toBeGreaterThan(5);
    expect(outcomes.stops).toBeGreaterThan(5);
    const [filled] = await queryRows<{ stops: string; tpsl: string }>(
      ctx.app.database.db,
      sql`SELECT (SELECT count(*) FROM orders WHERE order_type IN (2, 3) AND status = 1)::text AS stops,
                 (SELECT count(*) FROM orders WHERE reason IN ('take_profit', 'stop_loss'))::text AS tpsl`,
    );
    console.log(`property run: ${outcomes.orders} orders (${outcomes.stops} stops, ${filled?.stops} stop fills), ${outcomes.closes} user closes, ${filled?.tpsl} take-profit/stop-loss closes`);
    expect(Number(filled?.stops)).toBeGreaterThan(0);
  });
});
