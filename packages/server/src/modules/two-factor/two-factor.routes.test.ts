import type { LoginChallenge, Session, TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus, Withdrawal } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { totpAt } from './totp.js';

let ctx: TestContext;
const STEP = 30_000;
const PAY = '246810';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The code the user's app shows `steps` steps from now. */
const codeAt = (secret: string, steps = 0) => totpAt(secret, new Date(ctx.clock.now().getTime() + steps * STEP));
/** Past the per-minute attempt window, and onto a fresh step. */
const nextMinute = () => ctx.clock.advance(61_000);

async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call<TwoFactorSetup>(ctx.app, 'POST', '/userCenter/twoFactor/setup', { token, body: {} });
  expect(setup.status, setup.msg).toBe(200);
  const confirmed = await call<TwoFactorRecoveryCodes>(ctx.app, 'POST', '/userCenter/twoFactor/confirm', { token, body: { code: codeAt(setup.data.secret) } });
  expect(confirmed.status, confirmed.msg).toBe(200);
  return { secret: setup.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

const passwordStep = (email: string, password: string) =>
  call<Session | LoginChallenge>(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password } });
const secondStep = (challenge: string, factor: { code?: string; recoveryCode?: string }) =>
  call<Session>(ctx.app, 'POST', '/loginByUsername/twoFactor', { body: { challenge, ...factor } });
async function challengeFor(user: { email: string; password: string }): Promise<string> {
  const answer = await passwordStep(user.email, user.password);
  expect(answer.status, answer.msg).toBe(200);
  expect(answer.data).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
  expect('token' in answer.data).toBe(false);
  return (answer.data as LoginChallenge).challenge;
}

describe('two-factor sign-in (TOTP)', () => {
  it('enrols: a secret with its otpauth URI, a wrong code refused, a right one turns it on with ten recovery codes', async () => {
    const user = await registerUser(ctx.app);
    const status = () => call<TwoFactorStatus>(ctx.app, 'GET', '/userCenter/twoFactor', { token: user.token });
    expect((await status()).data).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0, requiredForRole: false });
    const setup = await call<TwoFactorSetup>(ctx.app, 'POST', '/userCenter/twoFactor/setup', { token: user.token, body: {} });
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUri).toBe(`otpauth://totp/Tradewind:${encodeURIComponent(user.email)}?secret=${setup.data.secret}&issuer=Tradewind&algorithm=SHA1&digits=6&period=30`);
    expect((await status()).data).toMatchObject({ enabled: false, pending: true });
    // Until confirmed, signing in is unchanged.
    expect('token' in (await passwordStep(user.email, user.password)).data).toBe(true);

    const wrong = await call(ctx.app, 'POST', '/userCenter/twoFactor/confirm', { token: user.token, body: { code: codeAt(setup.data.secret, 5) } });
    expect([wrong.status, wrong.msg]).toEqual([400, 'The authenticator code is incorrect']);
    const bad = await call(ctx.app, 'POST', '/userCenter/twoFactor/confirm', { token: user.token, body: { code: '12ab56' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('code');

    const confirmed = await call<TwoFactorRecoveryCodes>(ctx.app, 'POST', '/userCenter/twoFactor/confirm', { token: user.token, body: { code: codeAt(setup.data.secret) } });
    expect(confirmed.status, confirmed.msg).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await status()).data).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10, requiredForRole: false });
    // Only hashes are kept.
    const stored = JSON.stringify(await ctx.app.database.db.execute(`SELECT code_hash FROM totp_recovery_codes WHERE user_id = ${user.user.id}`));
    for (const code of confirmed.data.recoveryCodes) expect(stored).not.toContain(code);
    // A second setup while on is refused.
    expect((await call(ctx.app, 'POST', '/userCenter/twoFactor/setup', { token: user.token, body: {} })).status).toBe(409);
  });

  it('signs in with a challenge and a code: the current and adjacent steps only, never the same code twice', async () => {
    nextMinute();
    const user = await registerUser(ctx.app);
    const { secret } = await enrol(user.token);
    ctx.clock.advance(5 * STEP);

    // The password alone gives no session; a code of one step ago completes it.
    let challenge = await challengeFor(user);
    const earlier = await secondStep(challenge, { code: codeAt(secret, -1) });
    expect(earlier.status, earlier.msg).toBe(200);
    expect(earlier.data.token).toMatch(/.{20,}/);
    expect(earlier.data.user.email).toBe(user.email);
    expect((await call(ctx.app, 'POST', '/api/user/info', { token: earlier.data.token, body: {} })).status).toBe(200);
    // The challenge is single use.
    expect((await secondStep(challenge, { code: codeAt(secret, 0) })).msg).toBe('This sign-in step has expired. Log in again with your password');

    // The current step, then the next one (a phone clock a little fast).
    challenge = await challengeFor(user);
    expect((await secondStep(challenge, { code: codeAt(secret, 0) })).status).toBe(200);
    challenge = await challengeFor(user);
    expect((await secondStep(challenge, { code: codeAt(secret, 1) })).status).toBe(200);
    // A code already used, or older than the newest used, is refused.
    challenge = await challengeFor(user);
    const reused = await secondStep(challenge, { code: codeAt(secret, 1) });
    expect([reused.status, reused.msg]).toEqual([400, 'This authenticator code was already used. Wait for the next one']);
    expect((await secondStep(challenge, { code: codeAt(secret, 0) })).msg).toBe('This authenticator code was already used. Wait for the next one');

    // Two steps either side is refused as wrong.
    nextMinute();
    challenge = await challengeFor(user);
    for (const steps of [-2, 2, 3]) {
      const code = codeAt(secret, steps);
      if ([-1, 0, 1].some((near) => codeAt(secret, near) === code)) continue;
      const far = await secondStep(challenge, { code });
      expect([far.status, far.msg], `step ${steps}`).toEqual([400, 'The authenticator code is incorrect']);
    }
    expect((await secondStep(challenge, { code: codeAt(secret, 0) })).status).toBe(200);
  });
});

describe('two-factor sign-in (TOTP): limits, recovery, turning off and withdrawals', () => {
  it('limits code attempts per challenge and per user', async () => {
    nextMinute();
    const user = await registerUser(ctx.app);
    const { secret } = await enrol(user.token);
    nextMinute();
    const wrong = codeAt(secret, 10);
    const challenge = await challengeFor(user);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await secondStep(challenge, { code: wrong })).status);
    // Five per user per minute (TOTP_ATTEMPTS_PER_USER_PER_MINUTE), then 429; the challenge is spent after five wrong codes.
    expect(answers).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await secondStep(challenge, { code: codeAt(secret) })).msg).toBe('This sign-in step has expired. Log in again with your password');
    const fresh = await challengeFor(user);
    const limited = await secondStep(fresh, { code: codeAt(secret) });
    expect([limited.status, limited.msg]).toEqual([429, expect.stringMatching(/^Too many code attempts/)]);
    nextMinute();
    expect((await secondStep(fresh, { code: codeAt(secret) })).status).toBe(200);
  });

  it('takes a recovery code once', async () => {
    nextMinute();
    const user = await registerUser(ctx.app);
    const { recoveryCodes } = await enrol(user.token);
    const [first] = recoveryCodes;
    const used = await secondStep(await challengeFor(user), { recoveryCode: first!.toUpperCase().replace('-', '') });
    expect(used.status, used.msg).toBe(200);
    const again = await secondStep(await challengeFor(user), { recoveryCode: first! });
    expect([again.status, again.msg]).toEqual([400, 'The recovery code is incorrect or was already used']);
    expect((await call<TwoFactorStatus>(ctx.app, 'GET', '/userCenter/twoFactor', { token: used.data.token })).data.recoveryCodesLeft).toBe(9);
    expect((await secondStep(await challengeFor(user), { recoveryCode: recoveryCodes[1]! })).status).toBe(200);
    // Neither or both factors: a 400 naming the field.
    const neither = await secondStep(await challengeFor(user), {});
    expect(neither.status).toBe(400);
    expect(neither.msg).toContain('code');
  });

  it('turns off only with the password and a code', async () => {
    nextMinute();
    const user = await registerUser(ctx.app);
    const { secret } = await enrol(user.token);
    ctx.clock.advance(STEP);
    const off = (body: Record<string, string>) => call(ctx.app, 'POST', '/userCenter/twoFactor/disable', { token: user.token, body });
    expect((await off({ password: 'wrong-Passw0rd', code: codeAt(secret) })).status).toBe(400);
    expect((await off({ password: user.password })).status).toBe(400);
    expect((await off({ password: user.password, code: codeAt(secret, 4) })).msg).toBe('The authenticator code is incorrect');
    expect((await off({ password: user.password, code: codeAt(secret) })).status).toBe(200);
    expect((await call<TwoFactorStatus>(ctx.app, 'GET', '/userCenter/twoFactor', { token: user.token })).data.enabled).toBe(false);
    expect('token' in (await passwordStep(user.email, user.password)).data).toBe(true);
  });

  it('requires a fresh code for a withdrawal once it is on', async () => {
    nextMinute();
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 1_000_00);
    await call(ctx.app, 'POST', '/settingPayPassword', { token: user.token, body: { payPassword: PAY } });
    const method = { kind: 'crypto', currencyType: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
    const withdraw = (extra: Record<string, string> = {}) =>
      call<Withdrawal>(ctx.app, 'POST', '/withdrawal/other-withdrawal-apply', { token: user.token, body: { amount: 10, payPassword: PAY, method, ...extra } });
    // Without two-factor sign-in nothing changes for existing clients.
    expect((await withdraw()).status).toBe(200);

    const { secret } = await enrol(user.token);
    ctx.clock.advance(STEP);
    const missing = await withdraw();
    expect([missing.status, missing.msg]).toEqual([400, 'Authenticator code is required: enter the 6-digit code from your authenticator app']);
    expect((await withdraw({ totpCode: codeAt(secret, 5) })).msg).toBe('The authenticator code is incorrect');
    expect((await withdraw({ totpCode: 'abc' })).status).toBe(400);
    const code = codeAt(secret);
    expect((await withdraw({ totpCode: code })).status).toBe(200);
    expect((await withdraw({ totpCode: code })).msg).toBe('This authenticator code was already used. Wait for the next one');
    const list = await call<{ total: number }>(ctx.app, 'POST', '/withdrawal/listPage', { token: user.token, body: {} });
    expect(list.data.total).toBe(2);
  });
});

describe('the back office can require two-factor sign-in of admins', () => {
  it('answers admins without it 403 telling them to enrol, and lets them in once enrolled', async () => {
    const strict = await createTestContext({ ADMIN_REQUIRE_TOTP: 'true' });
    try {
      const login = await call<Session>(strict.app, 'POST', '/loginByUsername', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(login.status).toBe(200);
      const admin = login.data.token;
      const refused = await call(strict.app, 'GET', '/admin/users', { token: admin });
      expect([refused.status, refused.msg]).toEqual([403, 'The back office requires two-factor sign-in. Turn it on under Settings › Security first']);
      const german = await call(strict.app, 'GET', '/admin/users', { token: admin, headers: { languages: 'de' } });
      expect(german.msg).toContain('Sicherheit');
      expect((await call<TwoFactorStatus>(strict.app, 'GET', '/userCenter/twoFactor', { token: admin })).data.requiredForRole).toBe(true);

      const setup = await call<TwoFactorSetup>(strict.app, 'POST', '/userCenter/twoFactor/setup', { token: admin, body: {} });
      const now = strict.clock.now();
      expect((await call(strict.app, 'POST', '/userCenter/twoFactor/confirm', { token: admin, body: { code: totpAt(setup.data.secret, now) } })).status).toBe(200);
      expect((await call(strict.app, 'GET', '/admin/users', { token: admin })).status).toBe(200);

      // From now on an admin's sign-in takes the code too.
      strict.clock.advance(STEP);
      const next = await call<LoginChallenge>(strict.app, 'POST', '/loginByUsername', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(next.data.twoFactorRequired).toBe(true);
      const session = await call<Session>(strict.app, 'POST', '/loginByUsername/twoFactor', { body: { challenge: next.data.challenge, code: totpAt(setup.data.secret, strict.clock.now()) } });
      expect(session.status).toBe(200);
      expect((await call(strict.app, 'GET', '/admin/users', { token: session.data.token })).status).toBe(200);
    } finally {
      await strict.close();
    }
    // Without the setting an admin without two-factor sign-in works as before.
    expect((await call(ctx.app, 'GET', '/admin/audit', { token: (await call<Session>(ctx.app, 'POST', '/loginByUsername', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, ip: '10.1.1.1' })).data.token })).status).toBe(200);
  });
});
