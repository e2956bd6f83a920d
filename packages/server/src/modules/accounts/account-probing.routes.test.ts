/**
 * Issue 19: nobody can find out whether an address has an account, or lock its owner out, from
 * the sign-in and reset answers. A known and an unknown address are put through the same calls,
 * interleaved, and their answers (status, code, message, Retry-After) must be equal at every step
 * and their times within noise; the owner still signs in during the attack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, latestCode, registerUser, uniqueEmail, type ApiAnswer, type TestContext } from '../../../test/test-app.js';

const ATTACKER = '192.0.2.66';
const OWNER_IP = '198.51.100.5';
const OWNER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148';

/** What a prober can see of an answer: everything but the time it took. */
const visible = (answer: ApiAnswer) => ({ status: answer.status, code: answer.code, msg: answer.msg, data: answer.data, retryAfter: answer.headers['retry-after'] ?? null });

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Times within noise: the medians differ by less than half the larger one, or by under 25 ms (a
 * loaded 2-core test machine jitters by that much on its own). What it is there to catch is a step
 * one address skips: an argon2id check (~50 ms and more here) or a mail written, against ~1–5 ms.
 */
function expectSameTiming(label: string, known: number[], unknown: number[]) {
  const [a, b] = [median(known), median(unknown)];
  process.stdout.write(`${label}: median ${a.toFixed(1)} ms for the known address, ${b.toFixed(1)} ms for the unknown (${known.length} calls each; ${known.map((t) => t.toFixed(0)).join(" ")} / ${unknown.map((t) => t.toFixed(0)).join(" ")})\n`);
  expect(Math.abs(a - b), `${label}: ${a.toFixed(1)} vs ${b.toFixed(1)} ms`).toBeLessThan(Math.max(25, Math.max(a, b) / 2));
}

describe('a known and an unknown address answer alike', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('the reset flow and 20 wrong sign-ins are indistinguishable; the owner still signs in from elsewhere', async () => {
    const owner = await registerUser(ctx.app);
    const ghost = uniqueEmail('ghost');
    const pair = [owner.email, ghost] as const;
    let round = 0;
    const step = async (label: string, request: (email: string) => Promise<ApiAnswer>, times: Record<string, number[]>) => {
      const answers = new Map<string, ApiAnswer>();
      // Which address goes first alternates, so a cost of going first (a cold cache, a pool
      // connection) does not land on one address only.
      for (const email of (round += 1) % 2 ? pair : [...pair].reverse()) {
        const [answer, ms] = await timed(() => request(email));
        (times[email] ??= []).push(ms);
        answers.set(email, answer);
      }
      const [known, unknown] = [answers.get(pair[0])!, answers.get(pair[1])!];
      expect(visible(unknown), label).toEqual(visible(known));
      return known;
    };

    // 1. Asking for a reset code.
    const codeTimes: Record<string, number[]> = {};
    for (let i = 0; i < 8; i += 1) {
      const sent = await step('getEmailCode reset', (email) => call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'reset' }, ip: ATTACKER }), codeTimes);
      expect(sent.code).toBe(200);
    }
    // 2. Guessing the code until the code is spent: the same answers in the same order.
    const resetTimes: Record<string, number[]> = {};
    const resetAnswers: string[] = [];
    for (let i = 0; i < ctx.config.EMAIL_CODE_MAX_ATTEMPTS + 2; i += 1) {
      const answer = await step('resetPassword wrong code', (email) => call(ctx.app, 'POST', '/resetPassword', { body: { email, code: '000000', password: 'Brand-new-pass9' }, ip: ATTACKER }), resetTimes);
      resetAnswers.push(answer.msg);
    }
    expect(resetAnswers[0]).toBe('The verification code is incorrect');
    expect(resetAnswers.at(-1)).toMatch(/too many/i);

    // 3. Twenty wrong passwords from one IP.
    const loginTimes: Record<string, number[]> = {};
    const loginAnswers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await step(`wrong sign-in ${i + 1}`, (email) => call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: `guess-${i}-x` }, ip: ATTACKER }), loginTimes);
      loginAnswers.push(answer.status);
    }
    expect(loginAnswers.slice(0, ctx.config.LOGIN_MAX_FAILURES)).toEqual(Array(ctx.config.LOGIN_MAX_FAILURES).fill(400));
    expect(loginAnswers.slice(ctx.config.LOGIN_MAX_FAILURES).every((status) => status === 429)).toBe(true);

    expectSameTiming('getEmailCode (reset)', codeTimes[owner.email]!, codeTimes[ghost]!);
    expectSameTiming('resetPassword (wrong code)', resetTimes[owner.email]!, resetTimes[ghost]!);
    // The first attempts check a hash (argon2id) for both; the rest are refused before any hash.
    const checked = ctx.config.LOGIN_MAX_FAILURES;
    expectSameTiming('loginByUsername (hash checked)', loginTimes[owner.email]!.slice(0, checked), loginTimes[ghost]!.slice(0, checked));
    expectSameTiming('loginByUsername (limited)', loginTimes[owner.email]!.slice(checked), loginTimes[ghost]!.slice(checked));

    // The owner, on their own IP, signs in during the attack.
    const signIn = await call<{ token: string }>(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: OWNER_IP });
    expect(signIn.code).toBe(200);
    // And the right password from the guesser's IP is refused like a wrong one: the limit does not confirm guesses.
    const fromAttacker = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: ATTACKER });
    expect(fromAttacker.status).toBe(429);
  });

  it('a wrong old password when changing it does not lock sign-in', async () => {
    const owner = await registerUser(ctx.app);
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES + 1; i += 1) {
      await call(ctx.app, 'POST', '/updatePassword', { token: owner.token, body: { oldPassword: `not-it-${i}`, newPassword: 'An0ther-pass!' } });
    }
    const again = await call(ctx.app, 'POST', '/updatePassword', { token: owner.token, body: { oldPassword: owner.password, newPassword: 'An0ther-pass!' } });
    expect(again.status).toBe(429);
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: OWNER_IP })).code).toBe(200);
  });
});

describe('a guesser spread over many IPs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
  });
  afterAll(() => ctx.close());

  it('is stopped for the address as a whole, alike for an unknown address; the owner’s known device and signed-in device still get in', async () => {
    const owner = await registerUser(ctx.app);
    // The owner's phone signed in once before the attack.
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: OWNER_IP, headers: { 'user-agent': OWNER_AGENT } })).code).toBe(200);
    const ghost = uniqueEmail('ghost');
    const answersFor = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const answer = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password: `spread-${i}-x` }, ip: `203.0.113.${100 + i}` });
        statuses.push(answer.status);
      }
      return statuses;
    };
    const known = await answersFor(owner.email);
    expect(await answersFor(ghost)).toEqual(known);
    expect(known).toEqual([...Array<number>(8).fill(400), ...Array<number>(4).fill(429)]);

    // A new device with the right password is refused like any guesser (it cannot be told apart from one) …
    const newDevice = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: '198.51.100.200', headers: { 'user-agent': 'Some new browser' } });
    expect(newDevice.status).toBe(429);
    // … the phone it used before signs in …
    const phone = await call<{ token: string }>(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: OWNER_IP, headers: { 'user-agent': OWNER_AGENT } });
    expect(phone.code).toBe(200);
    // … and a device holding a session of the user (its token sent along) signs in from anywhere.
    const withSession = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: '198.51.100.201', token: owner.token });
    expect(withSession.code).toBe(200);
    // A wrong password on the known device answers as the guesser hears it, not "wrong password".
    const wrongOnPhone = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: 'nope-nope-1' }, ip: OWNER_IP, headers: { 'user-agent': OWNER_AGENT } });
    expect(wrongOnPhone.status).toBe(429);

    // A password reset (the mailbox is the owner's) lifts the address's limit.
    await call(ctx.app, 'POST', '/getEmailCode', { body: { email: owner.email, type: 'reset' } });
    const code = await latestCode(ctx.app, owner.email);
    expect((await call(ctx.app, 'POST', '/resetPassword', { body: { email: owner.email, code, password: 'Fresh-start9' } })).code).toBe(200);
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: 'Fresh-start9' }, ip: '198.51.100.202' })).code).toBe(200);
  });
});
