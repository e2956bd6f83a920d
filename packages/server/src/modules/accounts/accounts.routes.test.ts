import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, latestCode, registerUser, uniqueEmail, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const post = <T = unknown>(url: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
  call<T>(ctx.app, 'POST', url, { body, ...(token && { token }), ...(headers && { headers }) });

describe('registration', () => {
  it('registers with the e-mailed code, signs in and shows the user', async () => {
    const email = uniqueEmail();
    expect((await post('/getEmailCode', { email, type: 'register' })).code).toBe(200);
    const code = await latestCode(ctx.app, email);
    expect(code).toMatch(/^\d{6}$/);

    const answer = await post<{ token: string; user: { email: string; inviteCode: string; kycStatus: number } }>(
      '/register/email',
      { email, code, password: 'Tr4de-wind!' },
    );
    expect(answer).toMatchObject({ status: 200, code: 200, msg: 'success' });
    expect(Buffer.from(answer.data.token, 'base64url')).toHaveLength(32);
    expect(answer.data.user).toMatchObject({ email, kycStatus: 0 });
    expect(answer.data.user.inviteCode).toMatch(/^[A-Z0-9]{6}$/);

    const info = await post<{ email: string; payPasswordSet: boolean }>('/api/user/info', {}, answer.data.token);
    expect(info.data).toMatchObject({ email, payPasswordSet: false });
  });

  it('refuses a wrong code', async () => {
    const email = uniqueEmail();
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answer = await post('/register/email', { email, code: wrong, password: 'Tr4de-wind!' });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: 'The verification code is incorrect' });
  });

  it('refuses a code that was never requested', async () => {
    const answer = await post('/register/email', { email: uniqueEmail(), code: '123456', password: 'Tr4de-wind!' });
    expect(answer).toMatchObject({ code: 400, msg: 'Request a verification code first' });
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    ctx.clock.advance(10 * 60_000 + 1);
    const answer = await post('/register/email', { email, code, password: 'Tr4de-wind!' });
    expect(answer).toMatchObject({ code: 400, msg: 'The verification code has expired. Request a new one' });
  });

  it('refuses a reused code', async () => {
    const { email } = await registerUser(ctx.app);
    const code = await latestCode(ctx.app, email);
    const answer = await post('/register/email', { email, code, password: 'An0ther-pass' });
    expect(answer).toMatchObject({ code: 400, msg: 'The verification code has already been used. Request a new one' });
  });

  it('gives up on a code after too many wrong guesses', async () => {
    const email = uniqueEmail();
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < ctx.config.EMAIL_CODE_MAX_ATTEMPTS; i += 1) {
      await post('/register/email', { email, code: wrong, password: 'Tr4de-wind!' });
    }
    const answer = await post('/register/email', { email, code, password: 'Tr4de-wind!' });
    expect(answer).toMatchObject({ code: 400, msg: 'Too many wrong codes. Request a new one' });
  });

  it('does not accept a register code for a password reset', async () => {
    const { email } = await registerUser(ctx.app);
    await post('/getEmailCode', { email, type: 'register' });
    const registerCode = await latestCode(ctx.app, email);
    const answer = await post('/resetPassword', { email, code: registerCode, password: 'N3w-password' });
    expect(answer).toMatchObject({ code: 400, msg: 'Request a verification code first' });
  });
});

describe('registration passwords, duplicates, invites and address probing', () => {
  it('refuses a common password and a short one, naming the field', async () => {
    const email = uniqueEmail();
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    expect(await post('/register/email', { email, code, password: '123456' })).toMatchObject({
      code: 400,
      msg: 'This password is too common. Choose a harder one',
    });
    expect(await post('/register/email', { email, code, password: 'abc' })).toMatchObject({
      code: 400,
      msg: 'Password must be at least 6 characters',
    });
    expect(await post('/register/email', { email, code, password: 'x'.repeat(21) })).toMatchObject({
      code: 400,
      msg: 'Password must be at most 20 characters',
    });
  });

  it('keeps a Unicode password as typed', async () => {
    const password = 'Pässwörd-密码';
    const { email } = await registerUser(ctx.app, uniqueEmail(), password);
    expect((await post('/loginByUsername', { username: email, password })).code).toBe(200);
    expect((await post('/loginByUsername', { username: email, password: password.normalize('NFD') })).code).toBe(400);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const { email } = await registerUser(ctx.app);
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    const answer = await post('/register/email', { email, code, password: 'An0ther-pass' });
    expect(answer).toMatchObject({ status: 409, code: 409, msg: 'This e-mail is already registered' });
  });

  it('records the inviter from a valid invite code and refuses an unknown one', async () => {
    const inviter = await registerUser(ctx.app);
    const email = uniqueEmail();
    await post('/getEmailCode', { email, type: 'register' });
    const code = await latestCode(ctx.app, email);
    expect(await post('/register/email', { email, code, password: 'Tr4de-wind!', inviteCode: 'ZZZZZ1' })).toMatchObject({
      code: 400,
      msg: 'The invite code ZZZZZ1 does not exist',
    });
    const answer = await post<{ user: { invitedBy: string } }>('/register/email', {
      email,
      code,
      password: 'Tr4de-wind!',
      inviteCode: inviter.user.inviteCode,
    });
    expect(answer.data.user.invitedBy).toBe(inviter.user.inviteCode);
  });

  it('gives the same answer for known and unknown addresses and mails only the known one', async () => {
    const { email } = await registerUser(ctx.app);
    const unknown = uniqueEmail('nobody');
    const known = await post('/getEmailCode', { email, type: 'reset' });
    const other = await post('/getEmailCode', { email: unknown, type: 'reset' });
    expect(other).toMatchObject({ status: known.status, code: known.code, msg: known.msg, data: known.data });
    await expect(latestCode(ctx.app, unknown)).rejects.toThrow(/no code/);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password, then stops that address from that IP (not the owner elsewhere), and the limit ends', async () => {
    const { email, password } = await registerUser(ctx.app);
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i += 1) {
      expect(await post('/loginByUsername', { username: email, password: 'wrong-pass' })).toMatchObject({
        code: 400,
        msg: 'Wrong e-mail or password',
      });
    }
    const limited = await post('/loginByUsername', { username: email, password: 'wrong-pass' });
    expect(limited).toMatchObject({ status: 429, code: 429 });
    expect(limited.msg).toMatch(/Too many failed attempts. Try again in 15 minutes/);
    // From the guesser's IP even the right password is refused (no hash is checked there) …
    expect((await post('/loginByUsername', { username: email, password })).code).toBe(429);
    // … while the owner on another IP signs in.
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password }, ip: '198.51.100.77' })).code).toBe(200);

    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await post('/loginByUsername', { username: email, password })).code).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const answer = await post('/loginByUsername', { username: uniqueEmail('ghost'), password: 'whatever1' });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: 'Wrong e-mail or password' });
  });

  it('lifts a lock-out through a password reset', async () => {
    const { email } = await registerUser(ctx.app);
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i += 1) {
      await post('/loginByUsername', { username: email, password: 'wrong-pass' });
    }
    await post('/getEmailCode', { email, type: 'reset' });
    const code = await latestCode(ctx.app, email);
    expect((await post('/resetPassword', { email, code, password: 'Fresh-start9' })).code).toBe(200);
    expect((await post('/loginByUsername', { username: email, password: 'Fresh-start9' })).code).toBe(200);
  });

  it('issues a new distinct token at each sign-in', async () => {
    const { email, password } = await registerUser(ctx.app);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      tokens.add((await post<{ token: string }>('/loginByUsername', { username: email, password })).data.token);
    }
    expect(tokens.size).toBe(5);
  });

  it('answers 401 "Login Expired" for a missing, unknown or expired token', async () => {
    expect(await post('/api/user/info', {})).toMatchObject({ status: 401, code: 401, msg: 'Login Expired' });
    expect((await post('/api/user/info', {}, 'not-a-real-token')).code).toBe(401);
    const { token } = await registerUser(ctx.app);
    expect((await post('/api/user/info', {}, `Bearer ${token}`)).code).toBe(200);
    ctx.clock.advance(ctx.config.SESSION_TTL_HOURS * 3_600_000 + 1000);
    expect((await post('/api/user/info', {}, token)).code).toBe(401);
  });
});

describe('sessions end', () => {
  it('logout revokes the token', async () => {
    const { token } = await registerUser(ctx.app);
    expect((await post('/logout', {}, token)).code).toBe(200);
    expect((await post('/api/user/info', {}, token)).code).toBe(401);
  });

  it('changing the password revokes every other session and keeps this one', async () => {
    const { email, password, token: phone } = await registerUser(ctx.app);
    const laptop = (await post<{ token: string }>('/loginByUsername', { username: email, password })).data.token;

    expect(await post('/updatePassword', { oldPassword: 'wrong-old', newPassword: 'N3w-password' }, phone)).toMatchObject({
      code: 400,
      msg: 'The current password is incorrect',
    });
    expect(await post('/updatePassword', { oldPassword: password, newPassword: password }, phone)).toMatchObject({
      code: 400,
      msg: 'The new password must differ from the current one',
    });
    expect((await post('/updatePassword', { oldPassword: password, newPassword: 'N3w-password' }, phone)).code).toBe(200);

    expect((await post('/api/user/info', {}, laptop)).code).toBe(401);
    expect((await post('/api/user/info', {}, phone)).code).toBe(200);
    expect((await post('/loginByUsername', { username: email, password })).code).toBe(400);
    expect((await post('/loginByUsername', { username: email, password: 'N3w-password' })).code).toBe(200);
  });

  it('a password reset revokes every session', async () => {
    const { email, token } = await registerUser(ctx.app);
    await post('/getEmailCode', { email, type: 'reset' });
    const code = await latestCode(ctx.app, email);
    expect((await post('/resetPassword', { email, code, password: 'Fresh-start9' })).code).toBe(200);
    expect((await post('/api/user/info', {}, token)).code).toBe(401);
  });
});

describe('pay password', () => {
  it('is set once, changed with the old one, and kept apart from the login password', async () => {
    const { token, password } = await registerUser(ctx.app);
    expect(await post('/updatePayPassword', { oldPayPassword: 'x1y2z3w4', payPassword: 'Pay-9876' }, token)).toMatchObject({
      code: 400,
      msg: 'Set a transaction password first',
    });
    expect(await post('/settingPayPassword', { payPassword: password }, token)).toMatchObject({
      code: 400,
      msg: 'The transaction password must differ from the login password',
    });
    expect((await post('/settingPayPassword', { payPassword: 'Pay-1234' }, token)).code).toBe(200);
    expect(await post('/settingPayPassword', { payPassword: 'Pay-5678' }, token)).toMatchObject({ status: 409, code: 409 });
    expect(await post('/updatePayPassword', { oldPayPassword: 'Pay-0000', payPassword: 'Pay-5678' }, token)).toMatchObject({
      code: 400,
      msg: 'The current transaction password is incorrect',
    });
    expect((await post('/updatePayPassword', { oldPayPassword: 'Pay-1234', payPassword: 'Pay-5678' }, token)).code).toBe(200);
    expect((await post<{ payPasswordSet: boolean }>('/api/user/info', {}, token)).data.payPasswordSet).toBe(true);
  });

  it('locks after repeated wrong pay passwords', async () => {
    const { token } = await registerUser(ctx.app);
    await post('/settingPayPassword', { payPassword: 'Pay-1234' }, token);
    let last;
    for (let i = 0; i < ctx.config.PAY_PASSWORD_MAX_FAILURES; i += 1) {
      last = await post('/updatePayPassword', { oldPayPassword: 'Pay-0000', payPassword: 'Pay-5678' }, token);
    }
    expect(last).toMatchObject({ status: 429, code: 429 });
    const whileLocked = await post('/updatePayPassword', { oldPayPassword: 'Pay-1234', payPassword: 'Pay-5678' }, token);
    expect(whileLocked.msg).toMatch(/Too many wrong transaction passwords/);
  });
});

describe('bad input', () => {
  it('names an unknown field, and refuses mass assignment', async () => {
    const answer = await post('/register/email', { email: uniqueEmail(), code: '123456', password: 'Tr4de-wind!', role: 'admin' });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: 'Unknown field: role' });
  });

  it('names a missing field', async () => {
    expect(await post('/loginByUsername', { username: 'a@b.co' })).toMatchObject({ code: 400, msg: 'Password is required' });
  });

  it('names a wrongly typed field and a malformed e-mail', async () => {
    expect(await post('/loginByUsername', { username: 'a@b.co', password: 12345678 })).toMatchObject({
      code: 400,
      msg: 'Password must be of type text',
    });
    expect(await post('/getEmailCode', { email: 'not-an-email', type: 'register' })).toMatchObject({
      code: 400,
      msg: 'E-mail must be an e-mail address',
    });
    expect(await post('/getEmailCode', { email: 'a@b.co', type: 'other' })).toMatchObject({ code: 400, msg: 'type has an invalid value' });
    expect(await post('/register/email', { email: 'a@b.co', code: '12ab56', password: 'Tr4de-wind!' })).toMatchObject({
      code: 400,
      msg: 'Verification code must be 6 digits',
    });
  });

  it('refuses a body that is not JSON', async () => {
    expect(await post('/loginByUsername', '{"username": ')).toMatchObject({ status: 400, code: 400, msg: 'The request body is not valid JSON' });
  });

  it('answers in the caller’s language', async () => {
    const ja = await post('/loginByUsername', { username: uniqueEmail(), password: 'wrong-pass' }, undefined, { languages: 'ja' });
    expect(ja.msg).toBe('メールアドレスまたはパスワードが間違っています');
    const de = await post('/api/user/info', {}, undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.msg).toBe('Anmeldung abgelaufen');
    const zhTw = await post('/nowhere', {}, undefined, { languages: 'zh_TW' });
    expect(zhTw).toMatchObject({ status: 404, msg: '該網址不存在' });
  });
});

describe('e-mail code limits', () => {
  it('refuses a second code to one address inside the interval, per address and per IP', async () => {
    const limited = await createTestContext({ EMAIL_CODE_INTERVAL_SECONDS: '60', EMAIL_CODE_PER_IP_PER_HOUR: '3' });
    try {
      const email = uniqueEmail();
      const first = await call(limited.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
      expect(first.code).toBe(200);
      const second = await call(limited.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
      expect(second).toMatchObject({ status: 429, code: 429 });
      expect(second.msg).toMatch(/Wait \d+ seconds/);
      expect(second.headers['retry-after']).toBeDefined();

      limited.clock.advance(61_000);
      expect((await call(limited.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } })).code).toBe(200);
      // The IP budget (3 an hour) is now spent, whatever the address.
      const fromSameIp = await call(limited.app, 'POST', '/getEmailCode', { body: { email: uniqueEmail(), type: 'register' } });
      expect(fromSameIp.code).toBe(429);
      const fromOtherIp = await call(limited.app, 'POST', '/getEmailCode', { body: { email: uniqueEmail(), type: 'register' }, ip: '203.0.113.7' });
      expect(fromOtherIp.code).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('profile phone', () => {
  it('saves a number with its country code as + and digits, shows it in the user info, and removes it with an empty string', async () => {
    const user = await registerUser(ctx.app);
    const saved = await post<{ phone: string }>('/userCenter/phone', { phone: ' +44 (20) 7946-0000 ' }, user.token);
    expect(saved).toMatchObject({ status: 200, code: 200 });
    expect(saved.data.phone).toBe('+442079460000');
    expect((await post<{ phone: string }>('/api/user/info', {}, user.token)).data.phone).toBe('+442079460000');

    const removed = await post<{ phone: string }>('/userCenter/phone', { phone: '' }, user.token);
    expect(removed.data.phone).toBe('');
  });

  it('refuses a number without a country code or of the wrong length, naming the field in the caller’s language, and keeps the old one', async () => {
    const user = await registerUser(ctx.app);
    await post('/userCenter/phone', { phone: '+1 415 555 0101' }, user.token);
    for (const phone of ['020 7946 0000', '+0 20 7946 0000', '+44 12', '+1 415 555 0101 2222 3333', '+44 20 7946 000a', 'call me']) {
      const refused = await post('/userCenter/phone', { phone }, user.token);
      expect(refused, phone).toMatchObject({ status: 400, code: 400, msg: 'Phone must be a phone number with its country code, such as +44 20 7946 0000' });
    }
    const de = await post('/userCenter/phone', { phone: '0301234567' }, user.token, { 'accept-language': 'de' });
    expect(de.msg).toBe('Telefon muss eine Telefonnummer mit Ländervorwahl sein, etwa +49 30 123456');
    expect((await post<{ phone: string }>('/api/user/info', {}, user.token)).data.phone).toBe('+14155550101');
  });

  it('needs a session', async () => {
    expect((await post('/userCenter/phone', { phone: '+14155550101' })).status).toBe(401);
  });
});
