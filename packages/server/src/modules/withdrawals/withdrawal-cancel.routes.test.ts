import type { Page, PaymentMethod, Withdrawal, WithdrawalDestination } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';

/*
 * Issue 20: a user cancels a pending withdrawal (the hold voided, once, whatever a review does at the
 * same moment); staff see the full destination to pay out, each view in the audit log; the queue
 * names the user. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

let ctx: TestContext;
let admin: string;
const PAY = 'Pay-4242!x';

beforeAll(async () => {
  ctx = await createTestContext({ PAY_PASSWORD_PER_USER_PER_MINUTE: '1000' });
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

async function customer(usd = 1000) {
  const session = await registerUser(ctx.app);
  await call(ctx.app, 'POST', '/settingPayPassword', { token: session.token, body: { payPassword: PAY } });
  await fund(ctx.app, session.user.id, usd * 100);
  const card = await call<PaymentMethod>(ctx.app, 'POST', '/UserAccount/addCardNo', {
    token: session.token,
    body: { bankName: 'First Harbor Bank', accountName: 'Ada Lovelace', cardNumber: '4111 1111 1111 1234' },
  });
  return { ...session, cardId: card.data.id };
}

const usable = async (token: string) => (await call<{ available: number }>(ctx.app, 'GET', '/withdrawal/getUsableWithdrawalAmount', { token })).data.available;
const withdraw = async (token: string, cardId: number, amount: number) => (await call<Withdrawal>(ctx.app, 'POST', '/withdrawal/withdrawal-apply', { token, body: { amount, cardId, payPassword: PAY } })).data;
const cancel = (token: string, id: number) => call<Withdrawal>(ctx.app, 'POST', '/withdrawal/cancel', { token, body: { id } });
const row = async (id: number) => (await queryRows<{ status: number; hold_status: string }>(ctx.app.database.db, sql`SELECT w.status, h.status AS hold_status FROM withdrawals w JOIN holds h ON h.id = w.hold_id WHERE w.id = ${id}`))[0];

async function expectLedgerSound() {
  const audit = await auditLedger(ctx.app.database.db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
}

describe('cancelling a withdrawal', () => {
  it('voids the hold and gives the money back; only once, only while pending, only by its owner', async () => {
    const { token, cardId } = await customer(300);
    const applied = await withdraw(token, cardId, 200);
    expect(await usable(token)).toBe(100);

    const stranger = await registerUser(ctx.app);
    const notYours = await cancel(stranger.token, applied.id);
    expect(notYours).toMatchObject({ code: 404, msg: 'This withdrawal does not exist' });
    expect(await row(applied.id)).toEqual({ status: 1, hold_status: 'pending' });

    const cancelled = await cancel(token, applied.id);
    expect(cancelled.data).toMatchObject({ id: applied.id, status: 4, amount: 200 });
    expect(cancelled.data.cancelTimeTimestamp).toBeGreaterThan(0);
    expect(await usable(token)).toBe(300);
    expect(await row(applied.id)).toEqual({ status: 4, hold_status: 'voided' });

    const again = await cancel(token, applied.id);
    expect(again).toMatchObject({ code: 409, msg: 'This withdrawal is no longer pending, so it cannot be cancelled' });
    expect(await usable(token)).toBe(300);
    // Staff can no longer pay out or refuse it either.
    expect((await call(ctx.app, 'POST', `/admin/withdrawals/${applied.id}/approve`, { token: admin, body: {} })).code).toBe(409);

    const paid = await withdraw(token, cardId, 50);
    await call(ctx.app, 'POST', `/admin/withdrawals/${paid.id}/approve`, { token: admin, body: {} });
    expect((await cancel(token, paid.id)).code).toBe(409);
    expect(await usable(token)).toBe(250);
    await expectLedgerSound();
  });

  it('a cancel racing a payout or a refusal resolves once: exactly one wins, the ledger stays sound', async () => {
    const { token, cardId, user } = await customer(2000);
    const outcomes = { cancel: 0, review: 0 };
    for (let round = 0; round < 8; round++) {
      const applied = await withdraw(token, cardId, 100);
      const review =
        round % 2 === 0
          ? call<Withdrawal>(ctx.app, 'POST', `/admin/withdrawals/${applied.id}/approve`, { token: admin, body: {} })
          : call<Withdrawal>(ctx.app, 'POST', `/admin/withdrawals/${applied.id}/reject`, { token: admin, body: { reason: 'Name does not match' } });
      const [cancelled, reviewed] = await Promise.all([cancel(token, applied.id), review]);
      expect([cancelled.code, reviewed.code].sort()).toEqual([200, 409]);
      const final = await row(applied.id);
      if (cancelled.code === 200) {
        outcomes.cancel++;
        expect(final).toEqual({ status: 4, hold_status: 'voided' });
      } else {
        outcomes.review++;
        expect(final).toEqual(round % 2 === 0 ? { status: 3, hold_status: 'posted' } : { status: 2, hold_status: 'voided' });
      }
    }
    expect(outcomes.cancel + outcomes.review).toBe(8);
    // Every payout posted exactly one ledger entry; nothing else left the wallet.
    const paidOut = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM journal_entries WHERE kind = 'withdrawal' AND user_id = ${user.id}`);
    const approved = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = 3 AND user_id = ${user.id}`);
    expect(paidOut[0]?.n).toBe(approved[0]?.n);
    expect(await usable(token)).toBe(2000 - 100 * (approved[0]?.n ?? 0));
    await expectLedgerSound();
  });
});

describe('paying out', () => {
  it('staff see the full destination, each view audited; the queue names the user; users are refused', async () => {
    const { token, cardId, user, email } = await customer(500);
    const applied = await withdraw(token, cardId, 120);
    const crypto = await call<Withdrawal>(ctx.app, 'POST', '/withdrawal/other-withdrawal-apply', {
      token,
      body: { amount: 10, payPassword: PAY, method: { kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } },
    });
    expect(applied.destination).toBe('First Harbor Bank ********1234');

    const queue = await call<Page<Withdrawal>>(ctx.app, 'GET', '/admin/withdrawals?status=1', { token: admin });
    expect(queue.data.list.find((w) => w.id === applied.id)?.applicant).toEqual({ email, name: '' });
    // The user's own list does not carry it.
    const own = await call<Page<Withdrawal>>(ctx.app, 'POST', '/withdrawal/listPage', { token, body: {} });
    expect(own.data.list[0]?.applicant).toBeUndefined();

    const bank = await call<WithdrawalDestination>(ctx.app, 'GET', `/admin/withdrawals/${applied.id}/destination`, { token: admin });
    expect(bank.data).toEqual({ withdrawalId: applied.id, kind: 'bank', bankName: 'First Harbor Bank', accountName: 'Ada Lovelace', cardNumber: '4111111111111234', currencyType: null, network: null, address: null });
    const wallet = await call<WithdrawalDestination>(ctx.app, 'GET', `/admin/withdrawals/${crypto.data.id}/destination`, { token: admin });
    expect(wallet.data).toMatchObject({ kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    await call(ctx.app, 'GET', `/admin/withdrawals/${applied.id}/destination`, { token: admin });

    const views = await queryRows<{ action: string; actor_user_id: number; subject: string }>(
      ctx.app.database.db,
      sql`SELECT action, actor_user_id, subject FROM audit_log WHERE action = 'withdrawal.viewDestination' AND subject = ${`withdrawal:${applied.id}`}`,
    );
    expect(views).toHaveLength(2);
    const [adminRow] = await queryRows<{ id: number }>(ctx.app.database.db, sql`SELECT id FROM users WHERE role = 'admin' LIMIT 1`);
    expect(Number(views[0]?.actor_user_id)).toBe(Number(adminRow?.id));

    const before = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect((await call(ctx.app, 'GET', `/admin/withdrawals/${applied.id}/destination`, { token })).code).toBe(403);
    expect((await call(ctx.app, 'GET', '/admin/withdrawals/999999/destination', { token: admin })).code).toBe(404);
    const after = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(user.id).toBe(applied.userId);
  });
});
