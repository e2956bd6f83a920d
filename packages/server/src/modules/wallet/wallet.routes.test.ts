import type { Page, Transfer, WalletBalance, WalletBillItem, WalletOverview } from '@tradewind/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { settleDueTransfers, type WalletDeps } from './wallet.service.js';

let ctx: TestContext;
let deps: WalletDeps;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.app.database.db, clock: ctx.clock, market: ctx.app.market.deps, settleSeconds: ctx.config.TRANSFER_SETTLE_SECONDS };
});
afterAll(() => ctx.close());

async function fundedUser(amountMinor = 100_000) {
  const session = await registerUser(ctx.app);
  await fund(ctx.app, session.user.id, amountMinor);
  return session;
}

const balance = (token: string, walletType: string, currency?: string) =>
  call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType, ...(currency && { currency }) } });
const transfer = (token: string, body: Record<string, unknown>, key?: string) =>
  call<Transfer>(ctx.app, 'POST', '/wallet/transfer', { token, body, ...(key && { headers: { 'idempotency-key': key } }) });

async function expectLedgerSound() {
  const audit = await auditLedger(ctx.app.database.db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
}

describe('wallet balances', () => {
  it('shows balance, available and frozen; every wallet in the overview', async () => {
    const { token } = await fundedUser(123_45);
    expect((await balance(token, 'BALANCE')).data).toEqual({ walletType: 'BALANCE', currency: 'USD', balance: 123.45, available: 123.45, frozen: 0 });
    expect((await balance(token, 'TW')).data.currency).toBe('TWD');
    const overview = await call<WalletOverview>(ctx.app, 'POST', '/userCenter/getWalletBalance', { token, body: {} });
    expect(overview.data.wallets.map((w) => `${w.walletType}:${w.currency}`)).toContain('BALANCE:EUR');
    expect(overview.data.totalUsd).toBe(123.45);
    const wrong = await balance(token, 'STOCK', 'EUR');
    expect(wrong.code).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await call(ctx.app, 'POST', '/wallet/getWalletBalance', { body: { walletType: 'BALANCE' } })).code).toBe(401);
  });
});

describe('transfers', () => {
  it('hold the amount while pending, credit it when they settle, and appear in the bill', async () => {
    const { token } = await fundedUser(50_000);
    const created = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: '200.5' });
    expect(created.data).toMatchObject({ status: 'pending', amount: 200.5, toAmount: 200.5, rate: 1 });
    expect((await balance(token, 'BALANCE')).data).toMatchObject({ balance: 500, available: 299.5, frozen: 200.5 });
    ctx.clock.advance(ctx.config.TRANSFER_SETTLE_SECONDS * 1000);
    expect(await settleDueTransfers(deps)).toBeGreaterThanOrEqual(1);
    expect((await balance(token, 'BALANCE')).data).toMatchObject({ balance: 299.5, frozen: 0 });
    expect((await balance(token, 'STOCK')).data.balance).toBe(200.5);
    const bill = await call<Page<WalletBillItem>>(ctx.app, 'POST', '/wallet/getWalletBill', { token, body: { timeZone: 'Asia/Taipei' } });
    expect(bill.data.list.map((i) => [i.walletType, i.amount])).toEqual([
      ['STOCK', 200.5],
      ['BALANCE', -200.5],
      ['BALANCE', 500],
    ]);
    expect(bill.data.list[0]?.createTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    await expectLedgerSound();
  });

  it('can be cancelled while pending, and not after', async () => {
    const { token } = await fundedUser(10_000);
    const created = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'FOREX', amount: 40 });
    const cancelled = await call<Transfer>(ctx.app, 'POST', '/wallet/cancelTransfer', { token, body: { id: created.data.id } });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await balance(token, 'BALANCE')).data).toMatchObject({ available: 100, frozen: 0 });
    const again = await call(ctx.app, 'POST', '/wallet/cancelTransfer', { token, body: { id: created.data.id } });
    expect(again.code).toBe(409);
    const other = await fundedUser();
    const foreign = await call(ctx.app, 'POST', '/wallet/cancelTransfer', { token: other.token, body: { id: created.data.id } });
    expect(foreign.code).toBe(404);
  });

  it('converts between currencies at the live forex rate', async () => {
    const { token } = await fundedUser(100_000);
    const created = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'TW', amount: 100 });
    expect(created.data.toCurrency).toBe('TWD');
    expect(created.data.rate).toBeGreaterThan(20);
    expect(created.data.toAmount).toBe(Math.floor(10_000 * created.data.rate) / 100);
    ctx.clock.advance(ctx.config.TRANSFER_SETTLE_SECONDS * 1000);
    await settleDueTransfers(deps);
    expect((await balance(token, 'TW')).data.balance).toBe(created.data.toAmount);
    await expectLedgerSound();
  });

  it('reject bad amounts and wallets with a message naming the field', async () => {
    const { token } = await fundedUser();
    for (const amount of [0, -5, '1.001', 'abc', 1e21, '']) {
      const answer = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount });
      expect(answer.code, String(amount)).toBe(400);
      expect(answer.msg).toContain('Amount');
    }
    expect((await transfer(token, { fromWallet: 'BALANCE', toWallet: 'BALANCE', amount: 1 })).msg).toContain('To wallet');
    expect((await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 1, balance: 5 })).msg).toContain('balance');
    const tooMuch = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 1001 });
    expect(tooMuch).toMatchObject({ code: 400, msg: 'Insufficient funds' });
  });

  it('replay the first answer for a repeated Idempotency-Key and refuse it with another body', async () => {
    const { token } = await fundedUser(10_000);
    const first = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 10 }, 'key-1');
    const repeat = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 10 }, 'key-1');
    expect(repeat.data).toEqual(first.data);
    expect((await balance(token, 'BALANCE')).data.frozen).toBe(10);
    const different = await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 11 }, 'key-1');
    expect(different.code).toBe(409);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => transfer(token, { fromWallet: 'BALANCE', toWallet: 'FOREX', amount: 1 }, 'key-2')));
    expect(new Set(parallel.map((a) => a.data.id)).size).toBe(1);
    expect((await balance(token, 'BALANCE')).data.frozen).toBe(11);
  });

  it('let exactly one of 100 simultaneous whole-balance transfers through', async () => {
    const { token } = await fundedUser(5_000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 50 })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 400 && a.msg === 'Insufficient funds')).toHaveLength(99);
    await expectLedgerSound();
  });
});

describe('back-office credit', () => {
  it('credits a wallet for an admin, audited; anyone else gets 403', async () => {
    const { token, user } = await registerUser(ctx.app);
    const credit = (as: string, body: Record<string, unknown>) => call<WalletBalance>(ctx.app, 'POST', `/admin/users/${user.id}/credit`, { token: as, body });
    expect((await credit(token, { walletType: 'STOCK', amount: 10, reason: 'wire received' })).code).toBe(403);
    const admin = await adminToken(ctx.app);
    const answer = await credit(admin, { walletType: 'STOCK', amount: '250.75', reason: 'wire received' });
    expect(answer.data).toMatchObject({ walletType: 'STOCK', currency: 'USD', balance: 250.75 });
    expect((await credit(admin, { walletType: 'TW', currency: 'USD', amount: 1, reason: 'x y z' })).code).toBe(400);
    expect((await balance(token, 'STOCK')).data.balance).toBe(250.75);
    await expectLedgerSound();
  });
});

describe('races', () => {
  it('cancel against settlement resolves every transfer exactly once', async () => {
    const { token } = await fundedUser(100_000);
    const created = [];
    for (let i = 0; i < 40; i++) created.push((await transfer(token, { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 10 })).data);
    ctx.clock.advance(ctx.config.TRANSFER_SETTLE_SECONDS * 1000);
    const [cancels] = await Promise.all([
      Promise.all(created.map((t) => call<Transfer>(ctx.app, 'POST', '/wallet/cancelTransfer', { token, body: { id: t.id } }))),
      settleDueTransfers(deps),
    ]);
    const cancelled = cancels.filter((a) => a.code === 200).length;
    expect(cancels.every((a) => a.code === 200 || a.code === 409)).toBe(true);
    expect((await balance(token, 'STOCK')).data.balance).toBe((40 - cancelled) * 10);
    expect((await balance(token, 'BALANCE')).data).toMatchObject({ balance: 1000 - (40 - cancelled) * 10, frozen: 0 });
    await expectLedgerSound();
  });
});

describe('ledger invariants under random operations', () => {
  it('hold after any sequence of deposits, transfers, cancels and settlements', async () => {
    const users = await Promise.all([fundedUser(0), fundedUser(0), fundedUser(0)]);
    const wallets = ['BALANCE', 'STOCK', 'FOREX', 'TW', 'FUTURE'] as const;
    const operation = fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 500_000 }) }),
      fc.record({
        op: fc.constant('transfer' as const),
        user: fc.nat(2),
        from: fc.constantFrom(...wallets),
        to: fc.constantFrom(...wallets),
        amount: fc.integer({ min: 1, max: 300_000 }),
      }),
      fc.record({ op: fc.constant('cancel' as const), user: fc.nat(2), pick: fc.nat(20) }),
      fc.record({ op: fc.constant('settle' as const), seconds: fc.integer({ min: 0, max: 60 }) }),
    );
    const created: Array<{ user: number; id: number }> = [];
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
        for (const step of operations) {
          switch (step.op) {
            case 'deposit':
              await fund(ctx.app, users[step.user]!.user.id, step.amount);
              break;
            case 'transfer': {
              const answer = await transfer(users[step.user]!.token, { fromWallet: step.from, toWallet: step.to, amount: step.amount / 100 });
              expect([200, 400]).toContain(answer.code);
              if (answer.code === 200) created.push({ user: step.user, id: answer.data.id });
              break;
            }
            case 'cancel': {
              const target = created[step.pick % Math.max(1, created.length)];
              if (!target) break;
              const answer = await call(ctx.app, 'POST', '/wallet/cancelTransfer', { token: users[target.user]!.token, body: { id: target.id } });
              expect([200, 409]).toContain(answer.code);
              break;
            }
            case 'settle':
              ctx.clock.advance(step.seconds * 1000);
              await settleDueTransfers(deps);
              break;
          }
        }
        await expectLedgerSound();
      }),
      { numRuns: 15, seed: 20261123 },
    );
  });
});
