import type { PaymentMethod, Withdrawal } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';

let ctx: TestContext;
let admin: string;
const PAY = 'Pay-4242!x';

beforeAll(async () => {
  // A race below sends 50 applications (50 pay-password checks) from one user at once.
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
  return { ...session, cardId: card.data.id, card: card.data };
}

const usable = async (token: string) => (await call<{ available: number }>(ctx.app, 'GET', '/withdrawal/getUsableWithdrawalAmount', { token })).data.available;
const withdraw = (token: string, body: Record<string, unknown>) => call<Withdrawal>(ctx.app, 'POST', '/withdrawal/withdrawal-apply', { token, body });

describe('payment methods', () => {
  it('saves bank cards masked and checks wallet addresses per network; others cannot see or delete them', async () => {
    const { token, card, cardId } = await customer();
    expect(card.cardNumber).toBe('********1234');
    const bad = await call(ctx.app, 'POST', '/UserAccount/addCardNo', { token, body: { kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: '0x4E83362442B8d1beC281594CEa3050c8EB01311C' } });
    expect(bad).toMatchObject({ code: 400, msg: 'This is not a valid TRC20 address' });
    const good = await call<PaymentMethod>(ctx.app, 'POST', '/UserAccount/addCardNo', { token, body: { kind: 'crypto', currencyType: 'USDC', network: 'ERC20', address: '0x4E83362442B8d1beC281594CEa3050c8EB01311C' } });
    expect(good.code).toBe(200);
    expect((await call<PaymentMethod[]>(ctx.app, 'POST', '/UserAccount/SelectCardNo', { token, body: {} })).data).toHaveLength(2);
    const stranger = await registerUser(ctx.app);
    expect((await call<PaymentMethod[]>(ctx.app, 'POST', '/UserAccount/SelectCardNo', { token: stranger.token, body: {} })).data).toEqual([]);
    expect((await call(ctx.app, 'POST', '/UserAccount/delete-card', { token: stranger.token, body: { id: cardId } })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/UserAccount/UpdateCardNo', { token: stranger.token, body: { id: cardId, bankName: 'x', accountName: 'y', cardNumber: '12345678' } })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/UserAccount/delete-card', { token, body: { id: good.data.id } })).code).toBe(200);
  });
});

describe('withdrawals', () => {
  it('need the pay password, freeze the amount, and pay out on approval', async () => {
    const { token, cardId, user } = await customer(500);
    expect((await withdraw(token, { amount: 100, cardId, payPassword: 'wrong-pass1' })).code).toBe(400);
    const applied = await withdraw(token, { amount: '120.50', cardId, payPassword: PAY });
    expect(applied.data).toMatchObject({ status: 1, amount: 120.5, destination: 'First Harbor Bank ********1234' });
    expect(await usable(token)).toBe(379.5);
    const paid = await call<Withdrawal>(ctx.app, 'POST', `/admin/withdrawals/${applied.data.id}/approve`, { token: admin, body: {} });
    expect(paid.data.status).toBe(3);
    expect(await usable(token)).toBe(379.5);
    const audits = await queryRows<{ action: string }>(ctx.app.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`withdrawal:${applied.data.id}`}`);
    expect(audits.map((a) => a.action)).toEqual(['withdrawal.approve']);
    const inbox = await queryRows<{ title: string }>(ctx.app.database.db, sql`SELECT title FROM user_messages WHERE user_id = ${user.id}`);
    expect(inbox.map((m) => m.title)).toContain('Withdrawal paid out');
  });

  it('a refused withdrawal returns the money; one larger than the available balance is refused', async () => {
    const { token, cardId } = await customer(200);
    expect((await withdraw(token, { amount: 200.01, cardId, payPassword: PAY })).msg).toBe('Insufficient funds');
    const applied = await withdraw(token, { amount: 150, cardId, payPassword: PAY });
    expect(await usable(token)).toBe(50);
    const refused = await call<Withdrawal>(ctx.app, 'POST', `/admin/withdrawals/${applied.data.id}/reject`, { token: admin, body: { reason: 'Name does not match the account' } });
    expect(refused.data).toMatchObject({ status: 2, reason: 'Name does not match the account' });
    expect(await usable(token)).toBe(200);
    expect((await call(ctx.app, 'POST', `/admin/withdrawals/${applied.data.id}/approve`, { token: admin, body: {} })).code).toBe(409);
  });

  it('50 simultaneous applications of the whole balance: exactly one succeeds', async () => {
    const { token, cardId } = await customer(300);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(token, { amount: 300, cardId, payPassword: PAY })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === 'Insufficient funds')).toHaveLength(49);
    expect(await usable(token)).toBe(0);
    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  });

  it('to another destination checks its format; someone else’s card cannot be used; the queue is for admins', async () => {
    const { token } = await customer(100);
    const other = await customer(100);
    expect((await withdraw(token, { amount: 10, cardId: other.cardId, payPassword: PAY })).code).toBe(404);
    const toAddress = await call<Withdrawal>(ctx.app, 'POST', '/withdrawal/other-withdrawal-apply', {
      token,
      body: { amount: 10, payPassword: PAY, method: { kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } },
    });
    expect(toAddress.data.destination).toContain('USDT TRC20');
    expect((await call(ctx.app, 'GET', '/admin/withdrawals', { token })).code).toBe(403);
  });
});
