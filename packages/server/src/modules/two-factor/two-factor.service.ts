import { randomBytes } from 'node:crypto';
import type { LoginChallenge, TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@tradewind/contract';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { newSessionToken, sha256 } from '../../lib/tokens.js';
import { type SessionOrigin, storedOrigin } from '../sessions/index.js';
import { findUserById } from '../users/index.js';
import { inTransaction } from '../ledger/index.js';
import * as repo from './two-factor.repository.js';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.js';

export interface TwoFactorDeps {
  db: Database;
  config: Config;
  clock: Clock;
  rateLimiter: RateLimiter;
}

export const TOTP_ISSUER = 'Tradewind';
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between password and code may take. */
export const CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge survives before the password must be given again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
const MINUTE = 60_000;

/** `abcde-fghij`: 50 random bits in the base32 alphabet, lower case. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Recovery codes are compared by the hash of their normalised form (case and dash do not matter). */
const recoveryHash = (code: string) => sha256(`recovery:${code.replace(/-/g, '').toLowerCase()}`);

export async function isEnabled(db: Database, userId: number): Promise<boolean> {
  return (await repo.findTotp(db, userId))?.enabledAt != null;
}

export async function status(deps: TwoFactorDeps, user: { id: number; role: string }): Promise<TwoFactorStatus> {
  const row = await repo.findTotp(deps.db, user.id);
  return {
    enabled: row?.enabledAt != null,
    pending: row !== undefined && row.enabledAt === null,
    recoveryCodesLeft: row?.enabledAt ? await repo.countRecoveryCodesLeft(deps.db, user.id) : 0,
    requiredForRole: deps.config.ADMIN_REQUIRE_TOTP && user.role === 'admin',
  };
}

/** A fresh secret and its otpauth URI; nothing changes until a code from it is confirmed. */
export async function setup(deps: TwoFactorDeps, user: { id: number; email: string }): Promise<TwoFactorSetup> {
  if (await isEnabled(deps.db, user.id)) throw AppError.conflict('twoFactor.alreadyEnabled');
  const secret = newTotpSecret();
  await repo.upsertPendingSecret(deps.db, user.id, secret, deps.clock.now());
  return { secret, otpauthUri: otpauthUri(secret, TOTP_ISSUER, user.email) };
}

async function limitAttempts(deps: TwoFactorDeps, userId: number): Promise<void> {
  const rule = { name: 'totp', limit: deps.config.TOTP_ATTEMPTS_PER_USER_PER_MINUTE, windowMs: MINUTE };
  const wait = await deps.rateLimiter.consume(rule, `user:${userId}`);
  if (wait > 0) throw AppError.tooManyRequests(wait, 'rate.twoFactor');
}

/**
 * The first code from the new secret turns it on and answers ten recovery codes, shown this once
 * (only their hashes are kept). The code's step is stored, so it cannot be used again to sign in.
 */
export async function confirm(deps: TwoFactorDeps, userId: number, code: string): Promise<TwoFactorRecoveryCodes> {
  await limitAttempts(deps, userId);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await repo.findTotp(tx, userId, true);
    if (!row) throw AppError.badRequest('twoFactor.notPending');
    if (row.enabledAt) throw AppError.conflict('twoFactor.alreadyEnabled');
    const step = matchingStep(row.secret, code, now);
    if (step === null) throw AppError.badRequest('twoFactor.codeWrong');
    await repo.enableTotp(tx, userId, step, now);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryHash), now);
    return { recoveryCodes };
  });
}

export type SecondFactor = { code?: string | undefined; recoveryCode?: string | undefined };
type CheckResult = 'ok' | 'twoFactor.codeWrong' | 'twoFactor.codeUsed' | 'twoFactor.recoveryCodeWrong' | 'twoFactor.notEnabled';

/**
 * Checks a code (current step or one either side, and newer than the last one accepted, whose step is
 * then stored) or uses up a recovery code, inside the caller's transaction. Answers what went wrong
 * instead of throwing, so the caller can still record a failed attempt.
 */
async function checkSecondFactor(tx: Database, userId: number, factor: SecondFactor, now: Date): Promise<CheckResult> {
  const row = await repo.findTotp(tx, userId, true);
  if (!row?.enabledAt) return 'twoFactor.notEnabled';
  if (factor.recoveryCode !== undefined) {
    return (await repo.useRecoveryCode(tx, userId, recoveryHash(factor.recoveryCode), now)) ? 'ok' : 'twoFactor.recoveryCodeWrong';
  }
  const step = matchingStep(row.secret, factor.code ?? '', now);
  if (step === null) return 'twoFactor.codeWrong';
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) return 'twoFactor.codeUsed';
  await repo.setLastUsedStep(tx, userId, step, now);
  return 'ok';
}

/** For a money-moving call: when the user has two-factor sign-in on, `totpCode` must be a fresh code. */
export async function requireForUser(deps: TwoFactorDeps, userId: number, totpCode: string | undefined): Promise<void> {
  if (!(await isEnabled(deps.db, userId))) return;
  if (totpCode === undefined) throw AppError.badRequest('twoFactor.codeRequired', { field: 'totpCode' });
  await limitAttempts(deps, userId);
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, (tx) => checkSecondFactor(tx, userId, { code: totpCode }, now));
  if (result !== 'ok') throw AppError.badRequest(result);
}

/** Turning it off takes the password and a current code or a recovery code; the recovery codes go with it. */
export async function disable(deps: TwoFactorDeps, userId: number, body: { password: string } & SecondFactor): Promise<null> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  await limitAttempts(deps, userId);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw AppError.badRequest('auth.wrongOldPassword');
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx) => {
    const checked = await checkSecondFactor(tx, userId, body, now);
    if (checked === 'ok') await repo.deleteTotp(tx, userId);
    return checked;
  });
  if (result !== 'ok') throw AppError.badRequest(result);
  return null;
}

/** After a right password on an account with two-factor sign-in: a short-lived, single-use challenge instead of a session. */
export async function issueChallenge(deps: TwoFactorDeps, userId: number, origin: SessionOrigin, now: Date): Promise<LoginChallenge> {
  const token = newSessionToken();
  const device = storedOrigin(origin);
  await repo.insertChallenge(deps.db, { userId, tokenHash: sha256(token), ip: device.ip, userAgent: device.userAgent, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000) }, now);
  return { twoFactorRequired: true, challenge: token, expiresInSeconds: CHALLENGE_TTL_SECONDS };
}

/**
 * The second step of signing in: the challenge and a code (or recovery code). A wrong code counts
 * against the challenge (five and it is spent) and against the user's per-minute attempts. Answers
 * the user to open a session for; the challenge is used up in the same transaction.
 */
export async function passChallenge(deps: TwoFactorDeps, body: { challenge: string } & SecondFactor): Promise<{ userId: number }> {
  const now = deps.clock.now();
  const tokenHash = sha256(body.challenge);
  const peek = await inTransaction(deps.db, (tx) => repo.lockChallenge(tx, tokenHash));
  if (!peek || peek.usedAt || peek.expiresAt <= now || peek.attempts >= CHALLENGE_MAX_ATTEMPTS) throw AppError.badRequest('twoFactor.challengeExpired');
  await limitAttempts(deps, peek.userId);
  const outcome = await inTransaction(deps.db, async (tx) => {
    const challenge = await repo.lockChallenge(tx, tokenHash);
    if (!challenge || challenge.usedAt || challenge.expiresAt <= now || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) return 'twoFactor.challengeExpired' as const;
    const result = await checkSecondFactor(tx, challenge.userId, body, now);
    if (result === 'ok') await repo.useChallenge(tx, challenge.id, now);
    return result;
  });
  if (outcome === 'ok') return { userId: peek.userId };
  if (outcome !== 'twoFactor.challengeExpired') await repo.countChallengeAttempt(deps.db, peek.id);
  throw AppError.badRequest(outcome === 'twoFactor.notEnabled' ? 'twoFactor.challengeExpired' : outcome);
}

/** The back office's rule: with ADMIN_REQUIRE_TOTP on, an admin without two-factor sign-in is refused until they enrol. */
export async function refuseAdminWithoutTotp(deps: Pick<TwoFactorDeps, 'db' | 'config'>, userId: number): Promise<void> {
  if (!deps.config.ADMIN_REQUIRE_TOTP) return;
  if (!(await isEnabled(deps.db, userId))) throw AppError.forbidden('twoFactor.adminMustEnrol');
}

