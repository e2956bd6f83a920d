import {
  type GetEmailCodeBody,
  type LoginBody,
  type LoginChallenge,
  type LoginSecondFactorBody,
  type Locale,
  type ReferralSummary,
  type RegisterEmailBody,
  type ResetPasswordBody,
  type Session,
  type SettingPayPasswordBody,
  type UpdatePasswordBody,
  type UpdatePayPasswordBody,
  type UpdatePhoneBody,
  type User,
  normalizePhone,
} from '@tradewind/contract';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { newInviteCode } from '../../lib/tokens.js';
import type { AuthContext } from '../../plugins/types.js';
import type { Mailer } from '../email/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { inTransaction } from '../ledger/index.js';
import { createSession, revokeSession, revokeUserSessions, sessionHistory, storedOrigin, type SessionOrigin, type SessionsEndedNotifier } from '../sessions/index.js';
import { isEnabled, issueChallenge, passChallenge } from '../two-factor/index.js';
import { findUserByEmail, findUserById, findUserByInviteCode, insertUser, updateUser } from '../users/index.js';
import * as repo from './accounts.repository.js';
import { verifyEmailCode, issueEmailCode } from './email-codes.service.js';
import { formatUtcMinute } from '../../lib/format-time.js';

export interface AccountsDeps {
  db: Database;
  config: Config;
  clock: Clock;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  notify: MessageNotifier;
  sessionsEnded: SessionsEndedNotifier;
}

const MINUTE = 60_000;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    inviteCode: row.inviteCode,
    invitedBy: null,
    kycStatus: row.kycStatus as User['kycStatus'],
    payPasswordSet: row.payPasswordHash !== null,
    role: row.role,
    tradePermission: row.tradePermission,
    blockTradePermission: row.blockTradePermission,
    createTimeTimestamp: toSeconds(row.createdAt),
  };
}

function refuseWeakPassword(password: string) {
  if (isCommonPassword(password)) throw AppError.badRequest('auth.weakPassword');
}

const secondsUntil = (until: Date, now: Date): number => Math.ceil((until.getTime() - now.getTime()) / 1000);

/** Sends a 6-digit code; the answer is the same whether or not the address has an account. */
export async function requestEmailCode(deps: AccountsDeps, body: GetEmailCodeBody, ip: string, locale: Locale) {
  const { config, rateLimiter } = deps;
  const hour = 3_600_000;
  const waits = [
    await rateLimiter.consume({ name: 'email-code-ip', limit: config.EMAIL_CODE_PER_IP_PER_HOUR, windowMs: hour }, ip),
    await rateLimiter.consume({ name: 'email-code-address', limit: config.EMAIL_CODE_PER_ADDRESS_PER_HOUR, windowMs: hour }, body.email),
  ];
  const wait = Math.max(...waits);
  if (wait > 0) throw AppError.tooManyRequests(wait);
  if (config.EMAIL_CODE_INTERVAL_SECONDS > 0) {
    const interval = { name: 'email-code-interval', limit: 1, windowMs: config.EMAIL_CODE_INTERVAL_SECONDS * 1000 };
    const tooSoon = await rateLimiter.consume(interval, `${body.type}:${body.email}`);
    if (tooSoon > 0) throw AppError.tooManyRequests(tooSoon, 'auth.codeTooSoon');
  }

  // An address with no account gets a code too (stored, never sent) and a mail saying there is no
  // account, so every later step (a wrong code, too many tries) and the time taken answer alike.
  const noAccount = body.type === 'reset' && !(await findUserByEmail(deps.db, body.email));
  const code = await issueEmailCode(deps, body.email, body.type, ip);
  const minutes = config.EMAIL_CODE_TTL_MINUTES;
  await deps.mailer.send({
    to: body.email,
    subject: translate(locale, 'mail.codeSubject'),
    body: noAccount
      ? translate(locale, 'mail.resetNoAccountBody')
      : translate(locale, body.type === 'register' ? 'mail.registerBody' : 'mail.resetBody', { code, minutes }),
    locale,
    ...(!noAccount && { code }),
  });
  return null;
}

/** Invite-code draws before giving up; with 32^6 codes a second draw is already rare. */
const INVITE_CODE_DRAWS = 10;

/** A fresh invite code no account holds yet (the UNIQUE index is the final word; see `register`). */
async function unusedInviteCode(tx: Database): Promise<string> {
  for (let draw = 0; draw < INVITE_CODE_DRAWS; draw++) {
    const code = newInviteCode();
    if (!(await findUserByInviteCode(tx, code))) return code;
  }
  throw new Error(`no unused invite code after ${INVITE_CODE_DRAWS} draws`);
}

export async function register(deps: AccountsDeps, body: RegisterEmailBody, origin: SessionOrigin): Promise<Session> {
  refuseWeakPassword(body.password);
  const codeRow = await verifyEmailCode(deps, body.email, 'register', body.code);
  const passwordHash = await hashPassword(body.password);

  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        if (!(await repo.consumeEmailCode(tx, codeRow.id, now))) throw AppError.badRequest('auth.codeUsed');
        if (await findUserByEmail(tx, body.email)) throw AppError.conflict('auth.emailTaken');
        const inviter = body.inviteCode ? await findUserByInviteCode(tx, body.inviteCode.toUpperCase()) : undefined;
        if (body.inviteCode && !inviter) throw AppError.badRequest('auth.inviteCodeUnknown', { code: body.inviteCode });

        const user = await insertUser(tx, {
          email: body.email,
          passwordHash,
          inviteCode: await unusedInviteCode(tx),
          invitedByUserId: inviter?.id ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const token = await createSession(tx, user.id, now, deps.config.SESSION_TTL_HOURS, origin);
        return { token, user: { ...toUserDto(user), invitedBy: inviter?.inviteCode ?? null } };
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides, the loser hears why.
      if (isUniqueViolation(error, 'users_email_key')) throw AppError.conflict('auth.emailTaken');
      // Two sign-ups drawing the same fresh invite code at once: the loser draws again (the whole
      // transaction rolled back, so its e-mail code is still unused).
      if (isUniqueViolation(error, 'users_invite_code_key') && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * The sign-in failure limits (docs/security.md, "Guessing and lock-out"). Failures are counted per
 * address string, never per account, so an address with no account is limited exactly like one
 * with: the answers cannot tell them apart. Nothing is stored on the account, so a stranger's
 * guesses cannot lock its owner out everywhere.
 */
function loginFailureRules(config: Config) {
  const windowMs = config.LOGIN_LOCK_MINUTES * MINUTE;
  return {
    /** One address from one IP: a guesser is stopped after a few tries; the owner elsewhere is not. */
    pair: { name: 'login-fail-pair', limit: config.LOGIN_MAX_FAILURES, windowMs },
    /** One address from everywhere: a guesser spread over many IPs; devices the owner used still pass. */
    address: { name: 'login-fail-address', limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs },
  };
}

export async function login(
  deps: AccountsDeps,
  body: LoginBody,
  origin: SessionOrigin,
  caller: AuthContext | null = null,
): Promise<Session | LoginChallenge> {
  const { config, clock, db, rateLimiter } = deps;
  const wait = await rateLimiter.consume(
    { name: 'login-ip', limit: config.LOGIN_PER_IP_PER_MINUTE, windowMs: MINUTE },
    origin.ip,
  );
  if (wait > 0) throw AppError.tooManyRequests(wait);

  const address = body.username.trim().toLowerCase();
  const rules = loginFailureRules(config);
  const pairKey = `${address}|${origin.ip}`;
  const user = await findUserByEmail(db, body.username);
  // A device already signed in as this user (its token sent along) is the owner's: never limited.
  const holdsSession = user !== undefined && caller?.user.id === user.id;
  const pairWait = holdsSession ? 0 : await rateLimiter.peek(rules.pair, pairKey);
  // While limited no hash is checked, so guessing costs the attacker time and us nothing.
  if (pairWait > 0) throw AppError.tooManyRequests(pairWait, 'auth.locked');
  const addressWait = holdsSession ? 0 : await rateLimiter.peek(rules.address, address);
  // Under a spread-out attack on the address, a device (user agent and IP) that held a session of
  // the user still signs in; the lookup runs for an unknown address too, so it costs the same.
  const knownDevice = addressWait > 0 && (await sessionHistory(db, user?.id ?? 0, storedOrigin(origin).userAgent, storedOrigin(origin).ip)).fromDevice;
  const refused = addressWait > 0 && !knownDevice;
  if (refused) throw AppError.tooManyRequests(addressWait, 'auth.locked');

  const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : (await burnPasswordCheck(body.password), false);
  if (!user || !passwordOk) {
    if (!holdsSession) {
      await rateLimiter.consume(rules.pair, pairKey);
      await rateLimiter.consume(rules.address, address);
    }
    // A known device under the address-wide limit hears what everyone else hears when wrong.
    if (addressWait > 0) throw AppError.tooManyRequests(addressWait, 'auth.locked');
    throw AppError.badRequest('auth.wrongCredentials');
  }
  const now = clock.now();
  // Checked after the password, so a block does not tell a stranger that the e-mail exists.
  if (user.blockedAt) throw AppError.forbidden('user.blocked');
  // Two-factor sign-in (docs/statements-and-2fa.md): the password alone earns a short-lived challenge, not a session.
  if (await isEnabled(db, user.id)) {
    await updateUser(db, user.id, { failedLoginCount: 0, lockedUntil: null, updatedAt: now });
    return issueChallenge(deps, user.id, origin, now);
  }
  return startSession(deps, user, origin);
}

/** The second step of signing in with two-factor sign-in on: the challenge and a code (or a recovery code) open the session. */
export async function loginSecondFactor(deps: AccountsDeps, body: LoginSecondFactorBody, origin: SessionOrigin): Promise<Session> {
  const wait = await deps.rateLimiter.consume({ name: 'login-ip', limit: deps.config.LOGIN_PER_IP_PER_MINUTE, windowMs: MINUTE }, origin.ip);
  if (wait > 0) throw AppError.tooManyRequests(wait);
  const { userId } = await passChallenge(deps, body);
  const user = await mustFindUser(deps.db, userId);
  if (user.blockedAt) throw AppError.forbidden('user.blocked');
  return startSession(deps, user, origin);
}

/** After the password (and the second factor, when on): clears the failure count, opens the session, tells of a new device. */
async function startSession(deps: AccountsDeps, user: UserRow, origin: SessionOrigin): Promise<Session> {
  const { config, db } = deps;
  const now = deps.clock.now();
  return inTransaction(db, async (tx, afterCommit) => {
    await updateUser(tx, user.id, { failedLoginCount: 0, lockedUntil: null, updatedAt: now });
    const device = storedOrigin(origin);
    // An account's very first sign-in (an admin made from the environment) has no device to compare with.
    const history = await sessionHistory(tx, user.id, device.userAgent, device.ip);
    const newDevice = history.any && !history.fromDevice;
    const token = await createSession(tx, user.id, now, config.SESSION_TTL_HOURS, origin);
    if (newDevice) await noticeNewDevice(deps, tx, afterCommit, user.id, device, now);
    return { token, user: await userInfo(tx, user) };
  });
}

/**
 * Tells the owner of a sign-in from a user agent and address never seen for them (a stolen password
 * shows up here), in the language of that sign-in, and live in their open apps once committed.
 */
async function noticeNewDevice(
  deps: AccountsDeps,
  tx: Database,
  afterCommit: Parameters<Parameters<typeof inTransaction>[1]>[1],
  userId: number,
  device: SessionOrigin,
  now: Date,
) {
  const params = {
    device: device.userAgent.slice(0, 120) || '?',
    ip: device.ip || '?',
    time: formatUtcMinute(now),
  };
  await deliverMessage(tx, afterCommit, deps.notify, {
    userId,
    notice: { title: 'notice.newDeviceTitle', body: 'notice.newDeviceBody', params },
    createdAt: now,
  });
}

/** Resets by e-mail code; clears the sign-in limits of the address (here and for the caller's IP) and signs out every device. */
export async function resetPassword(deps: AccountsDeps, body: ResetPasswordBody, ip = ''): Promise<null> {
  refuseWeakPassword(body.password);
  const codeRow = await verifyEmailCode(deps, body.email, 'reset', body.code);
  const passwordHash = await hashPassword(body.password);
  const ended = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (!(await repo.consumeEmailCode(tx, codeRow.id, now))) throw AppError.badRequest('auth.codeUsed');
    const user = await findUserByEmail(tx, body.email);
    if (!user) throw AppError.badRequest('auth.codeWrong');
    await updateUser(tx, user.id, { passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: now });
    return revokeUserSessions(tx, user.id, now);
  });
  deps.sessionsEnded(ended, 'passwordReset');
  // The mailbox is the owner's: whatever a guesser ran up against the address no longer holds them back.
  const rules = loginFailureRules(deps.config);
  const address = body.email.trim().toLowerCase();
  await deps.rateLimiter.forget(rules.address, address);
  await deps.rateLimiter.forget(rules.pair, `${address}|${ip}`);
  return null;
}

/** Changes the login password; every other session is revoked, this one stays. */
export async function updatePassword(deps: AccountsDeps, auth: AuthContext, body: UpdatePasswordBody): Promise<null> {
  const { config, clock, db } = deps;
  const user = await mustFindUser(db, auth.user.id);
  const now = clock.now();
  // Wrong old passwords are limited for this change only: they do not lock sign-in (issue 19).
  const rule = { name: 'password-change-fail', limit: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_LOCK_MINUTES * MINUTE };
  const wait = await deps.rateLimiter.peek(rule, `user:${user.id}`);
  if (wait > 0) throw AppError.tooManyRequests(wait, 'auth.locked');
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    await deps.rateLimiter.consume(rule, `user:${user.id}`);
    throw AppError.badRequest('auth.wrongOldPassword');
  }
  if (body.newPassword === body.oldPassword) throw AppError.badRequest('auth.samePassword');
  refuseWeakPassword(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, failedLoginCount: 0, updatedAt: now });
    return revokeUserSessions(tx, user.id, now, auth.sessionId);
  });
  deps.sessionsEnded(ended, 'passwordChanged');
  return null;
}

export async function settingPayPassword(deps: AccountsDeps, auth: AuthContext, body: SettingPayPasswordBody): Promise<null> {
  const user = await mustFindUser(deps.db, auth.user.id);
  if (user.payPasswordHash) throw AppError.conflict('pay.alreadySet');
  await storePayPassword(deps, user, body.payPassword);
  return null;
}

export async function updatePayPassword(deps: AccountsDeps, auth: AuthContext, body: UpdatePayPasswordBody): Promise<null> {
  const user = await mustFindUser(deps.db, auth.user.id);
  if (!user.payPasswordHash) throw AppError.badRequest('pay.notSet');
  await verifyPayPassword(deps, user, body.oldPayPassword);
  await storePayPassword(deps, user, body.payPassword);
  return null;
}

/** Checks a pay password with its own lock-out; money-moving calls use it too. */
export async function verifyPayPassword(deps: Pick<AccountsDeps, 'db' | 'config' | 'clock'>, user: UserRow, payPassword: string): Promise<void> {
  const { config, clock, db } = deps;
  const now = clock.now();
  if (!user.payPasswordHash) throw AppError.badRequest('pay.notSet');
  if (user.payLockedUntil && user.payLockedUntil > now) {
    throw AppError.tooManyRequests(secondsUntil(user.payLockedUntil, now), 'pay.locked');
  }
  if (!(await verifyPassword(user.payPasswordHash, payPassword))) {
    const lockedUntil = await repo.recordPayFailure(
      db,
      user.id,
      now,
      config.PAY_PASSWORD_MAX_FAILURES,
      new Date(now.getTime() + config.PAY_PASSWORD_LOCK_MINUTES * MINUTE),
    );
    if (lockedUntil) throw AppError.tooManyRequests(secondsUntil(lockedUntil, now), 'pay.locked');
    throw AppError.badRequest('pay.wrongOld');
  }
  if (user.failedPayCount > 0) await updateUser(db, user.id, { failedPayCount: 0, updatedAt: now });
}

async function storePayPassword(deps: AccountsDeps, user: UserRow, payPassword: string) {
  refuseWeakPassword(payPassword);
  if (await verifyPassword(user.passwordHash, payPassword)) throw AppError.badRequest('pay.sameAsLogin');
  const payPasswordHash = await hashPassword(payPassword);
  await updateUser(deps.db, user.id, { payPasswordHash, failedPayCount: 0, payLockedUntil: null, updatedAt: deps.clock.now() });
}

export async function getUserInfo(deps: AccountsDeps, auth: AuthContext): Promise<User> {
  return userInfo(deps.db, await mustFindUser(deps.db, auth.user.id));
}

/** Profile › Phone: the number with its country code, stored as `+` and digits; '' removes it. */
export async function updatePhone(deps: AccountsDeps, auth: AuthContext, body: UpdatePhoneBody): Promise<User> {
  await updateUser(deps.db, auth.user.id, { phone: normalizePhone(body.phone) });
  return getUserInfo(deps, auth);
}

/** The Account area's referral card: the caller's invite code and how many accounts registered with it. */
export async function getReferralSummary(deps: AccountsDeps, auth: AuthContext): Promise<ReferralSummary> {
  const user = await mustFindUser(deps.db, auth.user.id);
  return { inviteCode: user.inviteCode, invitedCount: await repo.countInvitedBy(deps.db, user.id) };
}

export async function logout(deps: AccountsDeps, auth: AuthContext): Promise<null> {
  if (await revokeSession(deps.db, auth.sessionId, deps.clock.now())) deps.sessionsEnded([auth.sessionId], 'logout');
  return null;
}

async function userInfo(db: Database, user: UserRow): Promise<User> {
  const inviter = user.invitedByUserId ? await findUserById(db, user.invitedByUserId) : undefined;
  return { ...toUserDto(user), invitedBy: inviter?.inviteCode ?? null };
}

async function mustFindUser(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw AppError.unauthorized();
  return user;
}
