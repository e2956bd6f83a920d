import { createHash } from 'node:crypto';
import { statementAccountAddsUp, statementCanonicalText, type Order, type Position, type Statement, type WalletOverview } from '@tradewind/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { settleDueTransfers } from '../wallet/wallet.service.js';

let ctx: TestContext;
let admin: string;
const symbols = [
  { source: 0, code: 'AAPL' },
  { source: 2, code: 'EURUSD' },
] as const;
const wallets = ['BALANCE', 'STOCK', 'FOREX'] as const;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '5' });
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

const step = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user: fc.nat(1), wallet: fc.constantFrom(...wallets), amount: fc.integer({ min: 1, max: 3_000_000 }) }),
  fc.record({
    op: fc.constant('correction' as const),
    user: fc.nat(1),
    wallet: fc.constantFrom(...wallets),
    direction: fc.constantFrom('credit' as const, 'debit' as const),
    amount: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({ op: fc.constant('transfer' as const), user: fc.nat(1), to: fc.constantFrom('STOCK', 'FOREX'), amount: fc.integer({ min: 1, max: 500_000 }) }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: fc.nat(1),
      symbol: fc.nat(symbols.length - 1),
      direction: fc.constantFrom(0 as const, 1 as const),
      quantity: fc.integer({ min: 1, max: 20 }),
      leverage: fc.integer({ min: 1, max: 5 }),
    }),
  },
  fc.record({ op: fc.constant('close' as const), user: fc.nat(1) }),
  fc.record({ op: fc.constant('move' as const), symbol: fc.nat(symbols.length - 1), factor: fc.double({ min: 0.9, max: 1.1, noNaN: true }) }),
  fc.record({ op: fc.constant('later' as const), minutes: fc.integer({ min: 1, max: 180 }) }),
);

const day = (date: Date) => date.toISOString().slice(0, 10);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('statement under random operations (property)', () => {
  it('opening + Σ postings = closing = the balance the wallet API shows, for every wallet, and periods chain', async () => {
    const users: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    for (let i = 0; i < 2; i++) {
      const session = await registerUser(ctx.app);
      await approveTrading(ctx.app, session.user.id);
      users.push(session);
    }
    const firstDay = day(ctx.clock.now());
    const walletDeps = { db: ctx.app.database.db, clock: ctx.clock, market: ctx.app.market.deps, settleSeconds: ctx.config.TRANSFER_SETTLE_SECONDS };
    const counts = { postings: 0, corrections: 0, orders: 0, closes: 0, days: 0 };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 30 }), async (steps) => {
        for (const s of steps) {
          switch (s.op) {
            case 'deposit':
              await fund(ctx.app, users[s.user]!.user.id, s.amount, s.wallet);
              break;
            case 'correction': {
              const answer = await call(ctx.app, 'POST', `/admin/users/${users[s.user]!.user.id}/correction`, {
                token: admin,
                body: { walletType: s.wallet, direction: s.direction, amount: s.amount / 100, reason: `property ${s.direction}` },
              });
              expect([200, 400], answer.msg).toContain(answer.status);
              if (answer.status === 200) counts.corrections++;
              break;
            }
            case 'transfer': {
              const answer = await call(ctx.app, 'POST', '/wallet/transfer', { token: users[s.user]!.token, body: { fromWallet: 'BALANCE', toWallet: s.to, amount: s.amount / 100 } });
              expect([200, 400], answer.msg).toContain(answer.status);
              break;
            }
            case 'order': {
              const symbol = symbols[s.symbol]!;
              const body = { stockCode: symbol.code, source: symbol.source, direction: s.direction, orderType: 0, quantity: s.quantity, leverage: s.leverage };
              const answer = await call<Order>(ctx.app, 'POST', '/stock/create', { token: users[s.user]!.token, body });
              expect([200, 400], answer.msg).toContain(answer.status);
              if (answer.status === 200) counts.orders++;
              break;
            }
            case 'close': {
              const open = await call<Position[]>(ctx.app, 'POST', '/position/me', { token: users[s.user]!.token, body: {} });
              const first = open.data[0];
              if (first) {
                const answer = await call(ctx.app, 'POST', '/position/flatPosition', { token: users[s.user]!.token, body: { id: first.id } });
                expect([200, 409]).toContain(answer.status);
                if (answer.status === 200) counts.closes++;
              }
              break;
            }
            case 'move': {
              const symbol = symbols[s.symbol]!;
              const price = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(symbol.source, symbol.code)!).price;
              tick(ctx, symbol.source, symbol.code, price * s.factor);
              await new Promise((resolve) => setTimeout(resolve, 20));
              break;
            }
            case 'later':
              ctx.clock.advance(s.minutes * 60_000);
              await settleDueTransfers(walletDeps);
              break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 30));

        const lastDay = day(ctx.clock.now());
        for (const user of users) {
          const whole = await call<Statement>(ctx.app, 'GET', `/userCenter/statement?from=${firstDay}&to=${lastDay}`, { token: user.token });
          expect(whole.status, whole.msg).toBe(200);
          expect(sha256(statementCanonicalText(whole.data))).toBe(whole.data.digest);
          const overview = await call<WalletOverview>(ctx.app, 'POST', '/userCenter/getWalletBalance', { token: user.token, body: {} });
          for (const account of whole.data.accounts) {
            expect(account.opening).toBe('0.00');
            expect(statementAccountAddsUp(account), `${account.walletType} ${account.currency}`).toBe(true);
            const shown = overview.data.wallets.find((w) => w.walletType === account.walletType && w.currency === account.currency);
            expect(Number(account.closing), `${account.walletType} ${account.currency}`).toBe(shown?.balance ?? 0);
            counts.postings += account.postings.length;
          }
          // Split at the first day: the first part's closing is the rest's opening, and both add up.
          if (lastDay > firstDay) {
            counts.days = Math.max(counts.days, Math.round((Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000));
            const next = day(new Date(Date.parse(`${firstDay}T00:00:00Z`) + 86_400_000));
            const head = (await call<Statement>(ctx.app, 'GET', `/userCenter/statement?from=${firstDay}&to=${firstDay}`, { token: user.token })).data;
            const tail = (await call<Statement>(ctx.app, 'GET', `/userCenter/statement?from=${next}&to=${lastDay}`, { token: user.token })).data;
            for (const account of whole.data.accounts) {
              const h = head.accounts.find((a) => a.walletType === account.walletType && a.currency === account.currency)!;
              const t = tail.accounts.find((a) => a.walletType === account.walletType && a.currency === account.currency)!;
              expect(statementAccountAddsUp(h) && statementAccountAddsUp(t)).toBe(true);
              expect(t.opening).toBe(h.closing);
              expect(t.closing).toBe(account.closing);
              expect(h.postings.length + t.postings.length).toBe(account.postings.length);
            }
          }
        }
      }),
      { numRuns: 10, seed: 11_2026 },
    );
    console.log(`statement property: ${counts.postings} postings checked over ${counts.days + 1} days, ${counts.corrections} corrections, ${counts.orders} orders, ${counts.closes} closes`);
    expect(counts.orders).toBeGreaterThan(5);
    expect(counts.corrections).toBeGreaterThan(5);
    expect(counts.closes).toBeGreaterThan(1);
  });
});
