/**
 * Issue 19: the logs hold no secret. The server runs with its production logger settings (redaction,
 * request serializer) at the most verbose level, writing into memory, while the flows that handle
 * secrets run through HTTP: registration and sign-in (password, e-mail code, session token), a wrong
 * sign-in, a password reset, two-factor sign-in (TOTP secret, codes, recovery codes, challenge), pay
 * passwords, an upload, and withdrawals to a bank card and to a wallet address. Then every secret
 * used or handed out is looked for in the captured lines.
 */
import { Writable } from 'node:stream';
import type { LoginChallenge, PaymentMethod, Session, TwoFactorRecoveryCodes, TwoFactorSetup, Withdrawal } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, fund, latestCode, registerUser, uniqueEmail, type TestContext } from '../../test/test-app.js';
import { loggerOptions } from '../app.js';
import { totpAt } from '../modules/two-factor/totp.js';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { logger: { ...loggerOptions('trace'), stream: capture } });
});
afterAll(() => ctx.close());

const PASSWORD = 'Sekr3t-Login-Pw!';
const NEW_PASSWORD = 'N3w-Sekr3t-Pw!';
const PAY = 'Pay-Sekr3t-77';
const NEW_PAY = 'Pay-Sekr3t-88';
const CARD = '4111111111114321';
const WALLET = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('the logs of the flows that handle secrets', () => {
  it('hold no password, code, token, TOTP secret or full card or wallet number', async () => {
    const secrets = new Map<string, string>();
    const keep = (what: string, value: string) => secrets.set(value, what);
    keep('login password', PASSWORD);
    keep('new login password', NEW_PASSWORD);
    keep('pay password', PAY);
    keep('new pay password', NEW_PAY);
    keep('card number', CARD);
    keep('wallet address', WALLET);

    // Registration and sign-in.
    const email = uniqueEmail('logs');
    const user = await registerUser(ctx.app, email, PASSWORD);
    keep('session token (register)', user.token);
    const signIn = await call<Session>(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: PASSWORD } });
    expect(signIn.code).toBe(200);
    keep('session token (sign-in)', signIn.data.token);
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: 'Wr0ng-Guess-Pw' } })).code).toBe(400);
    keep('wrong password', 'Wr0ng-Guess-Pw');

    // A password reset, with a wrong code first; the query string of an admin call carries the address.
    expect((await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'reset' } })).code).toBe(200);
    const resetCode = await latestCode(ctx.app, email);
    keep('reset code', resetCode);
    expect((await call(ctx.app, 'POST', '/resetPassword', { body: { email, code: resetCode === '999999' ? '999998' : '999999', password: NEW_PASSWORD } })).code).toBe(400);
    expect((await call(ctx.app, 'POST', '/resetPassword', { body: { email, code: resetCode, password: NEW_PASSWORD } })).code).toBe(200);
    const session = await call<Session>(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: NEW_PASSWORD } });
    const token = session.data.token;
    keep('session token (after reset)', token);

    // Two-factor sign-in: the secret, the confirming code, the recovery codes, a challenge and its code.
    const setup = await call<TwoFactorSetup>(ctx.app, 'POST', '/userCenter/twoFactor/setup', { token, body: {} });
    keep('TOTP secret', setup.data.secret);
    keep('otpauth URI', setup.data.otpauthUri);
    const confirmCode = totpAt(setup.data.secret, ctx.clock.now());
    const confirmed = await call<TwoFactorRecoveryCodes>(ctx.app, 'POST', '/userCenter/twoFactor/confirm', { token, body: { code: confirmCode } });
    expect(confirmed.code).toBe(200);
    for (const code of confirmed.data.recoveryCodes) keep('recovery code', code);
    ctx.clock.advance(30_000);
    const challenge = await call<LoginChallenge>(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: NEW_PASSWORD } });
    keep('sign-in challenge', challenge.data.challenge);
    const secondCode = totpAt(setup.data.secret, ctx.clock.now());
    const second = await call<Session>(ctx.app, 'POST', '/loginByUsername/twoFactor', { body: { challenge: challenge.data.challenge, code: secondCode } });
    expect(second.code).toBe(200);
    keep('session token (2FA)', second.data.token);

    // Pay passwords.
    expect((await call(ctx.app, 'POST', '/settingPayPassword', { token, body: { payPassword: PAY } })).code).toBe(200);
    expect((await call(ctx.app, 'POST', '/updatePayPassword', { token, body: { oldPayPassword: 'Not-The-Pay-1', payPassword: NEW_PAY } })).code).toBe(400);
    keep('wrong pay password', 'Not-The-Pay-1');
    expect((await call(ctx.app, 'POST', '/updatePayPassword', { token, body: { oldPayPassword: PAY, payPassword: NEW_PAY } })).code).toBe(200);

    // An upload.
    const boundary = '----tradewind-log-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token } });
    expect(upload.statusCode).toBe(200);

    // Withdrawals to a bank card and to a wallet address, with fresh authenticator codes.
    await fund(ctx.app, user.user.id, 100_000);
    const card = await call<PaymentMethod>(ctx.app, 'POST', '/UserAccount/addCardNo', { token, body: { bankName: 'First Harbor Bank', accountName: 'Log Test', cardNumber: CARD } });
    expect(card.code).toBe(200);
    ctx.clock.advance(30_000);
    const toCardCode = totpAt(setup.data.secret, ctx.clock.now());
    const toCard = await call<Withdrawal>(ctx.app, 'POST', '/withdrawal/withdrawal-apply', { token, body: { amount: 10, cardId: card.data.id, payPassword: NEW_PAY, totpCode: toCardCode } });
    expect(toCard.code, toCard.msg).toBe(200);
    ctx.clock.advance(30_000);
    const toWalletCode = totpAt(setup.data.secret, ctx.clock.now());
    const toWallet = await call<Withdrawal>(ctx.app, 'POST', '/withdrawal/other-withdrawal-apply', {
      token,
      body: { amount: 10, payPassword: NEW_PAY, totpCode: toWalletCode, method: { kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: WALLET } },
    });
    expect(toWallet.code, toWallet.msg).toBe(200);
    // The codes are 6 digits: looked for only where a code could be written (next to a quote or "=").
    const codes = [confirmCode, secondCode, toCardCode, toWalletCode, resetCode];

    // A logout, so its request is logged too.
    expect((await call(ctx.app, 'POST', '/logout', { token: second.data.token, body: {} })).code).toBe(200);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(50);
    // The request lines were captured, with the query names only.
    expect(log).toContain('"url":"/admin/outbox?to=[redacted]"');
    expect(log).not.toContain(encodeURIComponent(email));
    const found: string[] = [];
    for (const [secret, what] of secrets) if (log.includes(secret)) found.push(what);
    for (const code of codes) if (new RegExp(`["=:]${code}\\b`).test(log)) found.push(`6-digit code ${code}`);
    // The card and wallet numbers may appear masked (last 4) but never whole, nor most of them.
    if (log.includes(CARD.slice(0, 12))) found.push('card number prefix');
    if (log.includes(WALLET.slice(0, 20))) found.push('wallet address prefix');
    if (found.length > 0) for (const [secret, what] of secrets) if (found.includes(what)) process.stdout.write(`LEAK ${what}: ${lines.filter((l) => l.includes(secret)).join("\n").slice(0, 1500)}\n`);
    expect(found).toEqual([]);
    process.stdout.write(`log capture: ${lines.length} lines, ${secrets.size + codes.length} secrets looked for, none found\n`);
  });
});
