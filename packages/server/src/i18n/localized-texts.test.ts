import type { InboxMessage, Page, WalletBillItem } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../test/test-app.js';
import { insertMessage } from '../modules/inbox/inbox.repository.js';
import { deliverMessage } from '../modules/inbox/inbox.service.js';
import * as ledger from '../modules/ledger/ledger.service.js';
import { shownMoney, shownNumber, shownPrice } from './shown-values.js';

/**
 * Texts the server writes for people to read later (inbox notices, wallet bill memos) are stored as
 * message keys with parameters (migration 0024) and answered in the language of each request;
 * rows written before the keys existed are answered as they were stored.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type InboxPage = { list: InboxMessage[] };

const inboxIn = async (token: string, language?: string) =>
  (await call<InboxPage>(ctx.app, 'GET', '/userMessage/getMessage', { token, ...(language && { headers: { languages: language } }) })).data.list;

describe('inbox notices', () => {
  it('are read in the language of the request, and a text stored without a key stays as it was', async () => {
    const { token, user } = await registerUser(ctx.app);
    const now = ctx.clock.now();
    await insertMessage(ctx.app.database.db, { userId: user.id, title: 'Old notice', body: 'Written before migration 0024.', createdAt: now });
    await ledger.inTransaction(ctx.app.database.db, (tx, afterCommit) =>
      deliverMessage(tx, afterCommit, () => undefined, {
        userId: user.id,
        notice: { title: 'notice.depositCreditedTitle', body: 'notice.depositCreditedBody', params: { amount: '250 USD' } },
        createdAt: now,
      }),
    );

    const [english, old] = await inboxIn(token);
    expect(english).toMatchObject({ title: 'Deposit credited', content: 'Your deposit of 250 USD was approved and credited to your funding wallet.' });
    expect(old).toMatchObject({ title: 'Old notice', content: 'Written before migration 0024.' });

    expect((await inboxIn(token, 'zh_TW'))[0]).toMatchObject({ title: '入金已入帳', content: '您 250 USD 的入金已通過審核，並已存入您的資金錢包。' });
    expect((await inboxIn(token, 'zh_CN'))[0]).toMatchObject({ title: '充值已到账' });
    const [german] = await inboxIn(token, 'de');
    expect(german?.title).toBe('Einzahlung gutgeschrieben');
    expect(german?.content).toContain('250 USD');
    expect((await inboxIn(token, 'hi'))[0]?.title).toBe('जमा राशि क्रेडिट हुई');
    // The legacy row is the same in every language.
    expect((await inboxIn(token, 'ja'))[1]).toMatchObject({ title: 'Old notice' });

    // Opening one answers in the request's language too.
    const opened = await call<InboxMessage>(ctx.app, 'GET', `/userMessage/${english!.id}`, { token, headers: { languages: 'th' } });
    expect(opened.data.title).toBe('เงินฝากเข้าบัญชีแล้ว');

    // The English text is stored with the keys, for the back office and anything that reads the row.
    const [stored] = await queryRows<{ title: string; title_key: string }>(
      ctx.app.database.db,
      sql`SELECT title, title_key FROM user_messages WHERE id = ${english!.id}`,
    );
    expect(stored).toEqual({ title: 'Deposit credited', title_key: 'notice.depositCreditedTitle' });
  });

  it('write amounts, prices and figures the reader’s way (SPEC §9, as the web app does); plain stored parameters stay as stored', async () => {
    const { token, user } = await registerUser(ctx.app);
    const now = ctx.clock.now();
    const deliver = (notice: Parameters<typeof deliverMessage>[3] & { notice: unknown }) =>
      ledger.inTransaction(ctx.app.database.db, (tx, afterCommit) => deliverMessage(tx, afterCommit, () => undefined, notice));
    await deliver({
      userId: user.id,
      notice: { title: 'notice.liquidatedTitle', body: 'notice.liquidatedLongBody', params: { quantity: 10, code: 'AAPL', price: shownPrice(1278.9, 2), result: shownMoney(-198_360, 'USD', { signed: true }) } },
      createdAt: now,
    });
    await deliver({ userId: user.id, notice: { title: 'notice.depositCreditedTitle', body: 'notice.depositCreditedBody', params: { amount: shownMoney(123_456_789, 'USD') } }, createdAt: new Date(now.getTime() + 1000) });
    await deliver({
      userId: user.id,
      notice: { title: 'notice.nearLiquidationTitle', body: 'notice.nearLiquidationShortBody', params: { quantity: 1, code: 'EURUSD', ratio: shownNumber(112.5, 2), price: shownPrice(1.08765, 4) } },
      createdAt: new Date(now.getTime() + 2000),
    });
    const texts = async (language?: string) => (await inboxIn(token, language)).map((m) => m.content);

    const [nearEn, depositEn, liquidatedEn] = await texts();
    expect(liquidatedEn).toBe('Your long position of 10 AAPL was liquidated at 1,278.90. Result: -$1,983.60.');
    expect(depositEn).toBe('Your deposit of $1,234,567.89 was approved and credited to your funding wallet.');
    expect(nearEn).toContain('its margin ratio is 112.50 % (100 % liquidates it). It is liquidated if the ask rises to 1.0877.');

    const [nearDe, depositDe, liquidatedDe] = await texts('de');
    expect(liquidatedDe).toBe('Ihre Long-Position über 10 AAPL wurde zu 1.278,90 liquidiert. Ergebnis: -1.983,60\u00a0$.');
    expect(depositDe).toContain('Ihre Einzahlung über 1.234.567,89\u00a0$ wurde genehmigt');
    expect(nearDe).toContain('112,50');
    expect(nearDe).toContain('1,0877');

    // Hindi groups lakhs and crores, with Latin digits.
    const [, depositHi, liquidatedHi] = await texts('hi');
    expect(depositHi).toBe('$12,34,567.89 की आपकी जमा राशि स्वीकृत होकर आपके फ़ंडिंग वॉलेट में क्रेडिट हो गई।');
    expect(liquidatedHi).toBe('10 AAPL की आपकी लॉन्ग पोज़िशन 1,278.90 पर लिक्विडेट हुई। परिणाम: -$1,983.60।');

    // The English text stored beside the keys is written the English way; the parameters stay typed.
    const [stored] = await queryRows<{ body: string; text_params: Record<string, unknown> }>(
      ctx.app.database.db,
      sql`SELECT body, text_params FROM user_messages WHERE user_id = ${user.id} AND body_key = 'notice.depositCreditedBody'`,
    );
    expect(stored?.body).toBe(depositEn);
    expect(stored?.text_params).toEqual({ amount: { kind: 'money', minor: 123_456_789, currency: 'USD' } });
  });

  it('from a real flow: a rejected deposit is told in the reader’s language, with the reviewer’s reason as typed', async () => {
    const { token } = await registerUser(ctx.app);
    const admin = await adminToken(ctx.app);
    const boundary = 'b0undary';
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const credentialUrl = upload.json<{ data: { url: string } }>().data.url;
    const created = await call<{ id: number }>(ctx.app, 'POST', '/recharge/create', { token, body: { channelId: 1, amount: 100, credentialUrl } });
    expect(created.code).toBe(200);
    await call(ctx.app, 'POST', `/admin/deposits/${created.data.id}/reject`, { token: admin, body: { reason: 'No matching transfer' } });
    const [notice] = await inboxIn(token, 'ja');
    expect(notice?.title).toBe('入金が承認されませんでした');
    expect(notice?.content).toBe('$100.00 の入金は承認されませんでした：No matching transfer');
    expect((await inboxIn(token, 'de'))[0]?.content).toBe('Ihre Einzahlung über 100,00\u00a0$ wurde nicht genehmigt: No matching transfer');
    expect((await inboxIn(token))[0]?.title).toBe('Deposit not approved');
  });
});

describe('wallet bill memos', () => {
  it('are read in the language of the request; a memo stored as plain text stays as it was', async () => {
    const { token, user } = await registerUser(ctx.app);
    await fund(ctx.app, user.id, 10_000);
    const now = ctx.clock.now();
    await ledger.inTransaction(ctx.app.database.db, async (tx) => {
      const wallet = await ledger.walletAccount(tx, user.id, 'BALANCE', 'USD', now);
      const fees = await ledger.systemAccount(tx, ledger.SystemAccount.Fees, 'USD', now);
      const lines = [
        { accountId: wallet, currency: 'USD', amount: -100 },
        { accountId: fees, currency: 'USD', amount: 100 },
      ];
      await ledger.post(tx, { kind: 'order-open', userId: user.id, referenceType: 'test', referenceId: null, memo: 'Old memo', lines }, now);
      await ledger.post(tx, { kind: 'order-open', userId: user.id, referenceType: 'test', referenceId: null, memo: { key: 'memo.buy', params: { quantity: 3, code: 'AAPL', price: 187.25 } }, lines }, now);
    });
    const billIn = async (language?: string) =>
      (await call<Page<WalletBillItem>>(ctx.app, 'POST', '/wallet/getWalletBill', { token, body: { timeZone: 'UTC' }, ...(language && { headers: { languages: language } }) })).data.list.map(
        (item) => item.memo,
      );
    expect((await billIn()).slice(0, 2)).toEqual(['Buy 3 AAPL @ 187.25', 'Old memo']);
    expect((await billIn('zh_TW')).slice(0, 2)).toEqual(['買進 3 AAPL @ 187.25', 'Old memo']);
    expect((await billIn('de')).slice(0, 2)).toEqual(['Kauf 3 AAPL zu 187.25', 'Old memo']);
    expect((await billIn('ja'))[0]).toBe('買い 3 AAPL @ 187.25');
  });
});
