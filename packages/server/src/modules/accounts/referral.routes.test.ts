import type { ReferralSummary } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Tokens from '../../lib/tokens.js';
import { call, createTestContext, latestCode, registerUser, uniqueEmail, type TestContext } from '../../../test/test-app.js';

// Invite codes to hand out before the random ones: lets a test force a draw that is already taken.
const forced = vi.hoisted(() => ({ codes: [] as string[] }));
vi.mock('../../lib/tokens.js', async (importOriginal) => {
  const real = await importOriginal<typeof Tokens>();
  return { ...real, newInviteCode: () => forced.codes.shift() ?? real.newInviteCode() };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function registerWith(inviteCode: string) {
  const email = uniqueEmail('invited');
  await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
  const code = await latestCode(ctx.app, email);
  return call<{ token: string; user: { inviteCode: string; invitedBy: string | null } }>(ctx.app, 'POST', '/register/email', {
    body: { email, code, password: 'Tr4de-wind!', inviteCode },
  });
}

const summaryOf = async (token: string) => (await call<ReferralSummary>(ctx.app, 'GET', '/userCenter/referral', { token })).data;

describe('referral', () => {
  it('gives every account its own invite code, even when sign-ups arrive together', async () => {
    const users = await Promise.all(Array.from({ length: 24 }, () => registerUser(ctx.app)));
    const codes = users.map((u) => u.user.inviteCode);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('draws again when a fresh code is already taken', async () => {
    const first = await registerUser(ctx.app);
    forced.codes.push(first.user.inviteCode, first.user.inviteCode, 'FRESH2');
    const second = await registerUser(ctx.app);
    expect(second.user.inviteCode).toBe('FRESH2');
    expect(forced.codes).toEqual([]);
  });

  it('refuses an unknown invite code with a 400 naming it, and registers nobody', async () => {
    const answer = await registerWith('NOPE42');
    expect(answer).toMatchObject({ status: 400, code: 400, msg: 'The invite code NOPE42 does not exist' });
    const german = await call(ctx.app, 'POST', '/register/email', {
      body: { email: uniqueEmail(), code: '123456', password: 'Tr4de-wind!', inviteCode: 'toolong7' },
      headers: { 'accept-language': 'de' },
    });
    expect(german).toMatchObject({ code: 400 });
    expect(german.msg).toContain('Einladungscode');
  });

  it('counts the people an account invited (case-insensitive code from the link)', async () => {
    const inviter = await registerUser(ctx.app);
    expect(await summaryOf(inviter.token)).toEqual({ inviteCode: inviter.user.inviteCode, invitedCount: 0 });
    const one = await registerWith(inviter.user.inviteCode);
    const two = await registerWith(inviter.user.inviteCode.toLowerCase());
    expect([one.data.user.invitedBy, two.data.user.invitedBy]).toEqual([inviter.user.inviteCode, inviter.user.inviteCode]);
    expect(await summaryOf(inviter.token)).toEqual({ inviteCode: inviter.user.inviteCode, invitedCount: 2 });
    expect(await summaryOf(one.data.token)).toMatchObject({ invitedCount: 0 });
    expect((await call(ctx.app, 'GET', '/userCenter/referral')).code).toBe(401);
  });
});
