import type { EmailCodePurpose } from '@tradewind/contract';
import type { EmailCodeRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newEmailCode, safeEqualHex, sha256 } from '../../lib/tokens.js';
import * as repo from './accounts.repository.js';
import type { AccountsDeps } from './accounts.service.js';

/** The hash binds the code to its address and purpose, so a register code cannot reset a password. */
const codeHash = (email: string, purpose: EmailCodePurpose, code: string) => sha256(`${purpose}:${email}:${code}`);

export async function issueEmailCode(
  deps: Pick<AccountsDeps, 'db' | 'clock' | 'config'>,
  email: string,
  purpose: EmailCodePurpose,
  ip: string,
): Promise<string> {
  const code = newEmailCode();
  const now = deps.clock.now();
  await repo.insertEmailCode(deps.db, {
    email,
    purpose,
    codeHash: codeHash(email, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.EMAIL_CODE_TTL_MINUTES * 60_000),
    ip: ip.slice(0, 64),
  });
  return code;
}

/**
 * Checks a code against the latest one issued for this address and purpose (a new code replaces older ones).
 * A wrong guess is counted at once, outside the caller's transaction, so a rollback cannot undo it.
 * The caller consumes the returned row inside its own transaction.
 */
export async function verifyEmailCode(
  deps: Pick<AccountsDeps, 'db' | 'clock' | 'config'>,
  email: string,
  purpose: EmailCodePurpose,
  code: string,
): Promise<EmailCodeRow> {
  const latest = await repo.findLatestEmailCode(deps.db, email, purpose);
  if (!latest) throw AppError.badRequest('auth.codeMissing');
  const matches = safeEqualHex(latest.codeHash, codeHash(email, purpose, code));
  if (latest.consumedAt) throw AppError.badRequest(matches ? 'auth.codeUsed' : 'auth.codeWrong');
  if (latest.attempts >= deps.config.EMAIL_CODE_MAX_ATTEMPTS) throw AppError.badRequest('auth.codeTooManyAttempts');
  if (!matches) {
    await repo.countEmailCodeAttempt(deps.db, latest.id);
    throw AppError.badRequest('auth.codeWrong');
  }
  if (latest.expiresAt <= deps.clock.now()) throw AppError.badRequest('auth.codeExpired');
  return latest;
}
