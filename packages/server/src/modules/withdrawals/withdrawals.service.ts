import { ReviewStatus, WithdrawalStatus, fromMinor, type Applicant, type Page, type Withdrawal, type WithdrawalDestination } from '@tradewind/contract';
import type { Config } from '../../config/config.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { requireForUser as requireSecondFactor } from '../two-factor/index.js';
import type { Database } from '../../db/client.js';
import { pageAnswer, pageOf, type PageQuery } from '../../db/paging.js';
import type { WithdrawalRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { verifyPayPassword } from '../accounts/index.js';
import { audit } from '../audit/index.js';
import { applicantsOf, findUserById } from '../users/index.js';
import { hold as placeHold, idempotent, inTransaction, lockAccounts, post, releaseHold, systemAccount, SystemAccount, userAccounts, walletAccount } from '../ledger/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { checkMethod, findMethod, mask, type MethodInput } from './payment-methods.js';
import * as repo from './withdrawals.repository.js';
import { shownMoney } from '../../i18n/shown-values.js';

export interface WithdrawalDeps {
  notify: MessageNotifier;
  db: Database;
  clock: Clock;
  config: Config;
  rateLimiter: RateLimiter;
  onBalanceChanged(userId: number): void;
}

/** Withdrawals pay out of the funding wallet in USD. */
const WALLET = 'BALANCE';
const CURRENCY = 'USD';

function describe(destination: Record<string, string | null>): string {
  return destination.kind === 'bank'
    ? `${destination.bankName ?? ''} ${mask(destination.cardNumber ?? '')}`.trim()
    : `${destination.currencyType ?? ''} ${destination.network ?? ''} ${mask(destination.address ?? '')}`.trim();
}

export function toWithdrawal(row: WithdrawalRow, applicant?: Applicant): Withdrawal {
  return {
    id: row.id,
    userId: row.userId,
    currency: row.currency as Withdrawal['currency'],
    amount: fromMinor(row.amount),
    status: row.status as Withdrawal['status'],
    reason: row.reason,
    destination: describe(row.destination),
    createTimeTimestamp: toSeconds(row.createdAt),
    reviewTimeTimestamp: row.reviewedAt ? toSeconds(row.reviewedAt) : null,
    cancelTimeTimestamp: row.cancelledAt ? toSeconds(row.cancelledAt) : null,
    ...(applicant && { applicant }),
  };
}

export async function usableAmount(deps: WithdrawalDeps, userId: number) {
  const accounts = await userAccounts(deps.db, userId);
  const account = accounts.find((a) => a.walletType === WALLET && a.currency === CURRENCY);
  return { currency: CURRENCY, available: fromMinor(account ? account.balance - account.frozen : 0) } as const;
}

/**
 * The pay password approves this one amount to this one destination; the amount is frozen at once
 * and leaves the ledger only when staff pay it out.
 */
async function apply(deps: WithdrawalDeps, userId: number, amount: number, secrets: { payPassword: string; totpCode?: string | undefined }, destination: Record<string, string | null>, key: string | undefined) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  await verifyPayPassword(deps, user, secrets.payPassword);
  // With two-factor sign-in on, money leaves only with a fresh authenticator code too.
  await requireSecondFactor(deps, userId, secrets.totpCode);
  const now = deps.clock.now();
  const account = await walletAccount(deps.db, userId, WALLET, CURRENCY, now);
  return idempotent(deps.db, { userId, key, route: '/withdrawal', body: { amount, destination }, now }, async (tx) => {
    const hold = await placeHold(tx, { accountId: account, amount, referenceType: 'withdrawal', referenceId: null }, now);
    const row = await repo.insertWithdrawal(tx, { userId, currency: CURRENCY, amount, destination, holdId: hold.id, createdAt: now });
    return toWithdrawal(row);
  });
}

export async function applyToSavedMethod(deps: WithdrawalDeps, userId: number, body: { amount: number; cardId: number; payPassword: string; totpCode?: string | undefined }, key: string | undefined) {
  const method = await findMethod(deps.db, userId, body.cardId);
  const destination = { kind: method.kind, bankName: method.bankName, accountName: method.accountName, cardNumber: method.cardNumber, currencyType: method.currencyType, network: method.network, address: method.address };
  const result = await apply(deps, userId, body.amount, body, destination, key);
  deps.onBalanceChanged(userId);
  return result;
}

export async function applyToOther(deps: WithdrawalDeps, userId: number, body: { amount: number; payPassword: string; method: MethodInput; totpCode?: string | undefined }, key: string | undefined) {
  const method = checkMethod(body.method);
  const result = await apply(deps, userId, body.amount, body, { ...method }, key);
  deps.onBalanceChanged(userId);
  return result;
}

export async function listWithdrawals(
  deps: WithdrawalDeps,
  filter: { userId?: number; status?: number },
  page: PageQuery,
  withApplicants = false,
): Promise<Page<Withdrawal>> {
  const { rows, total } = await repo.pageWithdrawals(deps.db, filter, pageOf(page));
  const applicants = withApplicants ? await applicantsOf(deps.db, rows.map((row) => row.userId)) : new Map<number, Applicant>();
  return pageAnswer(rows.map((row) => toWithdrawal(row, applicants.get(row.userId))), total, page);
}

interface Reviewer {
  adminId: number;
  ip: string;
}

/** Staff review: pay out (the hold is captured and the money leaves) or refuse (the hold is released). */
export async function reviewWithdrawal(deps: WithdrawalDeps, reviewer: Reviewer, id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<Withdrawal> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const withdrawal = await repo.lockWithdrawal(tx, id);
    if (!withdrawal) throw AppError.notFound('review.notFound');
    if (withdrawal.status !== ReviewStatus.Pending) throw AppError.conflict('review.notPending');
    const wallet = await walletAccount(tx, withdrawal.userId, WALLET, withdrawal.currency, now);
    if (decision.approve) {
      const clearing = await systemAccount(tx, SystemAccount.Withdrawals, withdrawal.currency, now);
      await lockAccounts(tx, [wallet, clearing]);
      await releaseHold(tx, withdrawal.holdId, 'posted', now);
      await post(
        tx,
        {
          kind: 'withdrawal',
          userId: withdrawal.userId,
          referenceType: 'withdrawal',
          referenceId: withdrawal.id,
          memo: describe(withdrawal.destination),
          lines: [
            { accountId: wallet, currency: withdrawal.currency, amount: -withdrawal.amount },
            { accountId: clearing, currency: withdrawal.currency, amount: withdrawal.amount },
          ],
        },
        now,
      );
    } else {
      await releaseHold(tx, withdrawal.holdId, 'voided', now);
    }
    const status = decision.approve ? ReviewStatus.Passed : ReviewStatus.Failed;
    const reason = decision.approve ? null : decision.reason;
    const updated = await repo.updateWithdrawal(tx, id, { status, reason, reviewedBy: reviewer.adminId, reviewedAt: now });
    const amount = shownMoney(withdrawal.amount, withdrawal.currency);
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: withdrawal.userId,
      notice: decision.approve
        ? { title: 'notice.withdrawalPaidTitle', body: 'notice.withdrawalPaidBody', params: { amount, destination: describe(withdrawal.destination) } }
        : { title: 'notice.withdrawalRefusedTitle', body: 'notice.withdrawalRefusedBody', params: { amount, reason: reason ?? '' } },
      createdAt: now,
    });
    await audit(tx, { actorUserId: reviewer.adminId, action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject', subject: `withdrawal:${id}`, detail: { before: { status: withdrawal.status }, after: { status, reason } }, ip: reviewer.ip }, now);
    return updated;
  });
  deps.onBalanceChanged(row.userId);
  return toWithdrawal(row);
}

/**
 * The owner cancels a pending withdrawal: its hold is voided and the money is usable again. Under the
 * withdrawal's row lock, as the review is, so a cancel racing a payout or a refusal resolves once:
 * whichever takes the lock first wins and the other is told the withdrawal is no longer pending.
 * Someone else's withdrawal answers 404, as if it did not exist.
 */
export async function cancelWithdrawal(deps: WithdrawalDeps, userId: number, id: number): Promise<Withdrawal> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const withdrawal = await repo.lockUserWithdrawal(tx, userId, id);
    if (!withdrawal) throw AppError.notFound('withdrawal.notFound');
    if (withdrawal.status !== ReviewStatus.Pending) throw AppError.conflict('withdrawal.notCancellable');
    if (!(await releaseHold(tx, withdrawal.holdId, 'voided', now))) throw new Error(`hold ${withdrawal.holdId} of withdrawal ${id} was not pending`);
    return repo.updateWithdrawal(tx, id, { status: WithdrawalStatus.Cancelled, cancelledAt: now });
  });
  deps.onBalanceChanged(row.userId);
  return toWithdrawal(row);
}

/**
 * The full destination (unmasked account number, whole address) for the staff member paying the
 * withdrawal out; every view is written to the audit log (who, when, which withdrawal).
 */
export async function revealDestination(deps: WithdrawalDeps, viewer: Reviewer, id: number): Promise<WithdrawalDestination> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const withdrawal = await repo.findWithdrawal(tx, id);
    if (!withdrawal) throw AppError.notFound('review.notFound');
    await audit(tx, { actorUserId: viewer.adminId, action: 'withdrawal.viewDestination', subject: `withdrawal:${id}`, ip: viewer.ip }, now);
    const d = withdrawal.destination;
    return {
      withdrawalId: withdrawal.id,
      kind: d.kind === 'crypto' ? 'crypto' : 'bank',
      bankName: d.bankName ?? null,
      accountName: d.accountName ?? null,
      cardNumber: d.cardNumber ?? null,
      currencyType: d.currencyType ?? null,
      network: d.network ?? null,
      address: d.address ?? null,
    } satisfies WithdrawalDestination;
  });
}
