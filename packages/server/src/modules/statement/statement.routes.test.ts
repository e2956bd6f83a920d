import { createHash } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { statementAccountAddsUp, statementCanonicalText, type Statement, type StatementVerify, type WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let admin: string;
const routes: RouteOptions[] = [];
const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0' }, { onRoute: (route) => routes.push(route) });
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

const today = () => ctx.clock.now().toISOString().slice(0, 10);
const statementOf = async (token: string, from: string, to: string, headers: Record<string, string> = {}) => {
  const answer = await call<Statement>(ctx.app, 'GET', `/userCenter/statement?from=${from}&to=${to}`, { token, headers });
  expect(answer.status, answer.msg).toBe(200);
  return answer.data;
};
const balanceOf = async (token: string, walletType: string, currency?: string) =>
  (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType, ...(currency && { currency }) } })).data;

describe('the provable statement', () => {
  it('lists every posting with its entry, reason and counter-account, adding up to the wallet balance', async () => {
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 500_00);
    ctx.clock.advance(60_000);
    expect((await call(ctx.app, 'POST', '/wallet/transfer', { token: user.token, body: { fromWallet: 'BALANCE', toWallet: 'STOCK', amount: 120.25 } })).status).toBe(200);
    const credit = await call<{ entryId: number }>(ctx.app, 'POST', `/admin/users/${user.user.id}/correction`, {
      token: admin,
      body: { walletType: 'BALANCE', direction: 'credit', amount: '3.10', reason: 'Fee refund, ticket 4411' },
    });
    expect(credit.status, credit.msg).toBe(200);
    const debit = await call<{ entryId: number }>(ctx.app, 'POST', `/admin/users/${user.user.id}/correction`, {
      token: admin,
      body: { walletType: 'STOCK', direction: 'debit', amount: 0.25, reason: 'Duplicate credit reversed' },
    });
    expect(debit.status, debit.msg).toBe(200);

    const statement = await statementOf(user.token, today(), today());
    expect(statement.digest).toBe(sha256(statementCanonicalText(statement)));
    const balance = statement.accounts.find((a) => a.walletType === 'BALANCE' && a.currency === 'USD')!;
    const stock = statement.accounts.find((a) => a.walletType === 'STOCK')!;
    expect(balance.opening).toBe('0.00');
    expect(balance.postings.map((p) => [p.kind, p.amount, p.counterAccounts])).toEqual([
      ['deposit', '500.00', ['system:deposits']],
      ['transfer', '-120.25', ['wallet:STOCK']],
      ['correction', '3.10', ['system:corrections']],
    ]);
    expect(balance.postings[2]).toMatchObject({ entryId: credit.data.entryId, reason: 'Fee refund, ticket 4411' });
    expect(stock.postings.map((p) => [p.kind, p.amount, p.reason])).toEqual([
      ['transfer', '120.25', ''],
      ['correction', '-0.25', 'Duplicate credit reversed'],
    ]);
    expect(stock.postings[1]!.entryId).toBe(debit.data.entryId);
    for (const account of statement.accounts) {
      expect(statementAccountAddsUp(account)).toBe(true);
      expect(Number(account.closing)).toBe((await balanceOf(user.token, account.walletType, account.currency)).balance);
    }
    expect(balance.closing).toBe('382.85');
    expect(stock.closing).toBe('120.00');

    // A debit beyond what is available is refused and posts nothing.
    const tooMuch = await call(ctx.app, 'POST', `/admin/users/${user.user.id}/correction`, {
      token: admin,
      body: { walletType: 'STOCK', direction: 'debit', amount: 1000, reason: 'Too much' },
    });
    expect(tooMuch.status).toBe(400);
    expect((await statementOf(user.token, today(), today())).digest).toBe(statement.digest);

    // The corrections are in the audit log with their reason.
    const auditLog = await call<{ list: Array<{ action: string; detail: Record<string, unknown> }> }>(ctx.app, 'GET', '/admin/audit?pageSize=5', { token: admin });
    expect(auditLog.data.list.filter((e) => e.action.startsWith('wallet.correction.')).map((e) => e.detail.reason)).toEqual(['Duplicate credit reversed', 'Fee refund, ticket 4411']);
  });

  it('detects a tampered statement: the digest no longer matches, and the verify call says so', async () => {
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 42_00);
    await fund(ctx.app, user.user.id, 8_00, 'STOCK');
    const statement = await statementOf(user.token, today(), today());
    const verify = (digest: string) => call<StatementVerify>(ctx.app, 'POST', '/userCenter/statement/verify', { token: user.token, body: { from: statement.from, to: statement.to, digest } });
    expect((await verify(statement.digest)).data).toEqual({ matches: true, digest: statement.digest });

    const tampered: Statement = structuredClone(statement);
    const account = tampered.accounts.find((a) => a.postings.length > 0)!;
    account.postings[0]!.amount = '4200.00';
    const recomputed = sha256(statementCanonicalText(tampered));
    expect(recomputed).not.toBe(statement.digest);
    expect((await verify(recomputed)).data.matches).toBe(false);
    // Changing the closing balance to match does not help: the figures are the ledger's, not the file's.
    account.closing = '4200.00';
    expect(sha256(statementCanonicalText(tampered))).not.toBe(statement.digest);
    expect(statementAccountAddsUp(account)).toBe(true);
    expect((await verify(sha256(statementCanonicalText(tampered)))).data.matches).toBe(false);
    // Another user's genuine digest does not match this user's ledger.
    const other = await registerUser(ctx.app);
    expect((await call<StatementVerify>(ctx.app, 'POST', '/userCenter/statement/verify', { token: other.token, body: { from: statement.from, to: statement.to, digest: statement.digest } })).data.matches).toBe(false);
  });
});

describe('the provable statement: periods, privacy and downloads', () => {
  it('puts each posting in the period of its UTC day, and carries the balance over as the next opening', async () => {
    const user = await registerUser(ctx.app);
    const now = ctx.clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY);
    ctx.clock.advance(midnight.getTime() - now.getTime() - 1);
    const day1 = today();
    await fund(ctx.app, user.user.id, 1_00); // 23:59:59.999 of day 1
    ctx.clock.advance(1);
    const day2 = today();
    expect(day2).not.toBe(day1);
    await fund(ctx.app, user.user.id, 2_00); // 00:00:00.000 of day 2

    const first = await statementOf(user.token, day1, day1);
    const second = await statementOf(user.token, day2, day2);
    const both = await statementOf(user.token, day1, day2);
    const usd = (s: Statement) => s.accounts.find((a) => a.walletType === 'BALANCE' && a.currency === 'USD')!;
    expect(usd(first)).toMatchObject({ opening: '0.00', closing: '1.00' });
    expect(usd(first).postings.map((p) => p.time)).toEqual([new Date(midnight.getTime() - 1).toISOString()]);
    expect(usd(second)).toMatchObject({ opening: '1.00', closing: '3.00' });
    expect(usd(second).postings.map((p) => p.amount)).toEqual(['2.00']);
    expect(usd(both)).toMatchObject({ opening: '0.00', closing: '3.00' });
    expect(first.periodEnd).toBe(second.periodStart);
    // A period before anything happened: zero balances, no postings.
    const before = await statementOf(user.token, '2025-01-01', '2025-01-31');
    expect(before.accounts.every((a) => a.opening === '0.00' && a.closing === '0.00' && a.postings.length === 0)).toBe(true);
  });

  it('never shows another user’s postings, and names another customer only as `user`', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    await fund(ctx.app, alice.user.id, 77_77);
    await fund(ctx.app, bob.user.id, 11_11);
    const bobs = await statementOf(bob.token, today(), today());
    expect(bobs.userId).toBe(bob.user.id);
    const amounts = bobs.accounts.flatMap((a) => a.postings.map((p) => p.amount));
    expect(amounts).toEqual(['11.11']);
    expect(JSON.stringify(bobs)).not.toContain('77.77');
    const alices = await statementOf(alice.token, today(), today());
    const alicePostings = new Set(alices.accounts.flatMap((a) => a.postings.map((p) => p.postingId)));
    expect(bobs.accounts.flatMap((a) => a.postings).some((p) => alicePostings.has(p.postingId))).toBe(false);
  });

  it('answers a bad period with a 400 naming the field', async () => {
    const user = await registerUser(ctx.app);
    const cases: Array<[string, string]> = [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-01-01&to=20260102', 'to'],
      ['to=2026-01-02', 'from'],
      ['from=2026-01-05&to=2026-01-04', 'to'],
      ['from=2024-01-01&to=2026-01-01', 'to'],
      ['from=2026-01-01&to=2026-01-02&userId=1', 'userId'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/userCenter/statement', '/userCenter/statement.csv', '/userCenter/statement.pdf']) {
        const answer = await call(ctx.app, 'GET', `${path}?${query}`, { token: user.token });
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.msg, `${path}?${query}`).toContain(field);
      }
    }
    const verify = await call(ctx.app, 'POST', '/userCenter/statement/verify', { token: user.token, body: { from: '2026-01-01', to: '2026-01-02', digest: 'abc' } });
    expect(verify.status).toBe(400);
    expect(verify.msg).toContain('digest');
    expect((await call(ctx.app, 'GET', '/userCenter/statement?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });

  it('downloads as CSV with headers in the caller’s language and as a PDF', async () => {
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 19_99);
    await call(ctx.app, 'POST', `/admin/users/${user.user.id}/correction`, { token: admin, body: { walletType: 'BALANCE', direction: 'debit', amount: 0.99, reason: '=HYPERLINK("x"), "quoted"' } });
    const statement = await statementOf(user.token, today(), today());
    const csv = await ctx.app.inject({ method: 'GET', url: `/userCenter/statement.csv?from=${today()}&to=${today()}`, headers: { authorization: user.token, languages: 'de' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tradewind-statement-${today()}-${today()}.csv"`);
    expect(csv.headers['x-statement-digest']).toBe(statement.digest);
    const text = csv.body;
    expect(text.startsWith('\uFEFFKontoauszug,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toContain(`Prüfsumme (SHA-256),${statement.digest}`);
    expect(lines).toContain('Wallet,Währung,Zeile,Journalbuchung,Buchungs-ID,Zeit (UTC),Betrag,Art,Grund,Gegenkonto');
    const usd = statement.accounts.find((a) => a.walletType === 'BALANCE' && a.currency === 'USD')!;
    const [deposit, correction] = usd.postings;
    expect(lines).toContain(`BALANCE,USD,Buchung,${deposit!.entryId},${deposit!.postingId},${deposit!.time},19.99,deposit,,system:deposits`);
    // A reason that looks like a formula is defused, and quotes are escaped.
    expect(lines).toContain(`BALANCE,USD,Buchung,${correction!.entryId},${correction!.postingId},${correction!.time},-0.99,correction,"'=HYPERLINK(""x""), ""quoted""",system:corrections`);
    expect(lines).toContain(`BALANCE,USD,Schlusssaldo,,,${statement.periodEnd},19.00,,,`);

    const ja = await ctx.app.inject({ method: 'GET', url: `/userCenter/statement.csv?from=${today()}&to=${today()}`, headers: { authorization: user.token, languages: 'ja' } });
    expect(ja.body).toContain('期首残高');

    const pdf = await ctx.app.inject({ method: 'GET', url: `/userCenter/statement.pdf?from=${today()}&to=${today()}`, headers: { authorization: user.token, languages: 'th' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    console.log(`statement downloads: CSV ${csv.rawPayload.length} B, PDF ${pdf.rawPayload.length} B`);
  });
});

describe('nobody can edit a posting', () => {
  it('the database refuses UPDATE and DELETE on postings and journal entries', async () => {
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 5_00);
    const db = ctx.app.database.db;
    await expect(db.execute(sql`UPDATE postings SET amount = amount * 2 WHERE account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ${user.user.id})`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE journal_entries SET memo = 'edited' WHERE user_id = ${user.user.id}`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM postings WHERE account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ${user.user.id})`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM journal_entries WHERE user_id = ${user.user.id}`)).rejects.toThrow();
    for (const table of ['postings', 'journal_entries', 'holds', 'audit_log']) await expect(db.execute(sql.raw(`TRUNCATE ${table} CASCADE`))).rejects.toThrow();
    expect((await statementOf(user.token, today(), today())).accounts.find((a) => a.walletType === 'BALANCE' && a.currency === 'USD')!.closing).toBe('5.00');
  });

  it('the API has no route that edits or deletes a posting or an entry: corrections are new entries', () => {
    const urls = routes.map((route) => `${String(route.method)} ${route.url}`);
    expect(urls.filter((url) => /^(PUT|PATCH|DELETE)/.test(url))).toEqual([]);
    // Reads only: the user's bill and the back office's ledger check.
    expect(urls.filter((url) => /posting|journal|ledger|entry|bill/i.test(url)).sort()).toEqual(['GET /admin/ledger/audit', 'HEAD /admin/ledger/audit', 'POST /wallet/getWalletBill']);
    expect(urls).toContain('POST /admin/users/:id/correction');
  });
});
