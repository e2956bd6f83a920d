import { DEPOSIT_CONFIRMATIONS, DEPOSIT_MIN, ReviewStatus, fromMinor, type Deposit, type Page } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { pageAnswer, pageOf, type PageQuery } from '../../db/paging.js';
import type { DepositRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { creditDeposit, inTransaction } from '../ledger/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { ownsUpload } from '../uploads/index.js';
import { findChannel } from './deposit-channels.js';
import * as repo from './deposits.repository.js';
import { shownMoney } from '../../i18n/shown-values.js';

export interface DepositDeps {
  notify: MessageNotifier;
  db: Database;
  clock: Clock;
  /** Tells the owner's open apps that a balance changed. */
  onCredited(userId: number): void;
}


export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    userId: row.userId,
    channelId: row.channelId,
    channelName: findChannel(row.channelId)?.name ?? `#${row.channelId}`,
    currency: row.currency as Deposit['currency'],
    amount: fromMinor(row.amount),
    credentialUrl: row.credentialUrl,
    status: row.status as Deposit['status'],
    reason: row.reason,
    confirmations: row.confirmations,
    createTimeTimestamp: toSeconds(row.createdAt),
    reviewTimeTimestamp: row.reviewedAt ? toSeconds(row.reviewedAt) : null,
  };
}

/** A user reports a deposit with the screenshot of the payment; nothing is credited until staff approve. */
export async function createDeposit(deps: DepositDeps, userId: number, body: { channelId: number; amount: number; credentialUrl?: string }): Promise<Deposit> {
  const channel = findChannel(body.channelId);
  if (!channel) throw AppError.badRequest('deposit.channelUnknown');
  if (body.amount < DEPOSIT_MIN * 100) throw AppError.badRequest('deposit.minimum', { min: DEPOSIT_MIN });
  if (!body.credentialUrl) throw AppError.badRequest('deposit.credentialRequired');
  if (!(await ownsUpload(deps.db, userId, body.credentialUrl))) throw AppError.badRequest('upload.notYours');
  const row = await repo.insertDeposit(deps.db, {
    userId,
    channelId: channel.id,
    currency: channel.currency,
    amount: body.amount,
    credentialUrl: body.credentialUrl,
    createdAt: deps.clock.now(),
  });
  return toDeposit(row);
}

export async function listDeposits(deps: DepositDeps, filter: { userId?: number; status?: number }, page: PageQuery): Promise<Page<Deposit>> {
  const { rows, total } = await repo.pageDeposits(deps.db, filter, pageOf(page));
  return pageAnswer(rows.map(toDeposit), total, page);
}

interface Reviewer {
  adminId: number;
  ip: string;
}

/** Credits the BALANCE wallet once: the deposit's row lock makes a second approval a 409. */
export async function approveDeposit(deps: DepositDeps, reviewer: Reviewer, id: number, confirmations: number | undefined): Promise<Deposit> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const deposit = await repo.lockDeposit(tx, id);
    if (!deposit) throw AppError.notFound('review.notFound');
    if (deposit.status !== ReviewStatus.Pending) throw AppError.conflict('review.notPending');
    const channel = findChannel(deposit.channelId);
    const seen = confirmations ?? 0;
    if (channel?.type === 'crypto' && seen < DEPOSIT_CONFIRMATIONS) {
      throw AppError.badRequest('validation.tooSmall', { field: 'confirmations', min: DEPOSIT_CONFIRMATIONS });
    }
    await creditDeposit(tx, { userId: deposit.userId, walletType: 'BALANCE', currency: deposit.currency, amount: deposit.amount, referenceType: 'deposit', referenceId: deposit.id }, now);
    const updated = await repo.updateDeposit(tx, id, { status: ReviewStatus.Passed, confirmations: seen, reviewedBy: reviewer.adminId, reviewedAt: now });
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: deposit.userId,
      notice: { title: 'notice.depositCreditedTitle', body: 'notice.depositCreditedBody', params: { amount: shownMoney(deposit.amount, deposit.currency) } },
      createdAt: now,
    });
    await audit(tx, { actorUserId: reviewer.adminId, action: 'deposit.approve', subject: `deposit:${id}`, detail: { before: { status: deposit.status }, after: { status: updated.status, confirmations: seen } }, ip: reviewer.ip }, now);
    return updated;
  });
  deps.onCredited(row.userId);
  return toDeposit(row);
}

export async function rejectDeposit(deps: DepositDeps, reviewer: Reviewer, id: number, reason: string): Promise<Deposit> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const deposit = await repo.lockDeposit(tx, id);
    if (!deposit) throw AppError.notFound('review.notFound');
    if (deposit.status !== ReviewStatus.Pending) throw AppError.conflict('review.notPending');
    const updated = await repo.updateDeposit(tx, id, { status: ReviewStatus.Failed, reason, reviewedBy: reviewer.adminId, reviewedAt: now });
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: deposit.userId,
      notice: { title: 'notice.depositRejectedTitle', body: 'notice.depositRejectedBody', params: { amount: shownMoney(deposit.amount, deposit.currency), reason } },
      createdAt: now,
    });
    await audit(tx, { actorUserId: reviewer.adminId, action: 'deposit.reject', subject: `deposit:${id}`, detail: { before: { status: deposit.status }, after: { status: updated.status, reason } }, ip: reviewer.ip }, now);
    return updated;
  });
  return toDeposit(row);
}
