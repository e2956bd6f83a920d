import { KycStatus, ReviewStatus, type KycApplication, type Page } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { pageAnswer, pageOf, type PageQuery } from '../../db/paging.js';
import type { KycApplicationRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { lockUser, updateUser } from '../users/index.js';
import { inTransaction } from '../ledger/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { ownsUpload } from '../uploads/index.js';
import { areas } from './areas.js';
import * as repo from './kyc.repository.js';

export interface KycDeps {
  notify: MessageNotifier;
  db: Database;
  clock: Clock;
  /** TRADING_AUTO_APPROVE: a waiting trading application is granted when the identity is verified. */
  autoApproveTrading?: boolean;
}


export function toApplication(row: KycApplicationRow): KycApplication {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    frontUrl: row.frontUrl,
    backUrl: row.backUrl,
    status: row.status as KycApplication['status'],
    reason: row.reason,
    createTimeTimestamp: toSeconds(row.createdAt),
    reviewTimeTimestamp: row.reviewedAt ? toSeconds(row.reviewedAt) : null,
  };
}

export interface KycInput {
  firstName: string;
  lastName: string;
  country: string;
  documentType: 'idcard' | 'passport';
  documentNumber: string;
  frontUrl: string;
  backUrl?: string;
}

/** Submits identity data for review (up to 24 hours); the images must be the caller's own uploads. */
export async function submitKyc(deps: KycDeps, userId: number, input: KycInput): Promise<KycApplication> {
  if (!areas.some((a) => a.code === input.country)) throw AppError.badRequest('validation.value', { field: 'country' });
  for (const url of [input.frontUrl, input.backUrl].filter((u): u is string => u !== undefined)) {
    if (!(await ownsUpload(deps.db, userId, url))) throw AppError.badRequest('upload.notYours');
  }
  const now = deps.clock.now();
  try {
    return await inTransaction(deps.db, async (tx) => {
      const user = await lockUser(tx, userId);
      if (user?.kycStatus === KycStatus.Verified) throw AppError.conflict('kyc.alreadyVerified');
      if (user?.kycStatus === KycStatus.Pending) throw AppError.conflict('kyc.pending');
      const row = await repo.insertApplication(tx, { userId, ...input, backUrl: input.backUrl ?? null, createdAt: now });
      await updateUser(tx, userId, { kycStatus: KycStatus.Pending, updatedAt: now });
      return toApplication(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'kyc_applications_one_pending')) throw AppError.conflict('kyc.pending');
    throw error;
  }
}

export async function latestKyc(deps: KycDeps, userId: number): Promise<KycApplication | null> {
  const row = await repo.latestApplication(deps.db, userId);
  return row ? toApplication(row) : null;
}

export async function listKyc(deps: KycDeps, status: number | undefined, page: PageQuery): Promise<Page<KycApplication>> {
  const { rows, total } = await repo.pageApplications(deps.db, status, pageOf(page));
  return pageAnswer(rows.map(toApplication), total, page);
}

/** Staff decision: verified, or failed with a reason the user sees (and may retry). */
export async function reviewKyc(
  deps: KycDeps,
  reviewer: { adminId: number; ip: string },
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<KycApplication> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const application = await repo.lockApplication(tx, id);
    if (!application) throw AppError.notFound('review.notFound');
    if (application.status !== ReviewStatus.Pending) throw AppError.conflict('review.notPending');
    const status = decision.approve ? ReviewStatus.Passed : ReviewStatus.Failed;
    const reason = decision.approve ? null : decision.reason;
    const updated = await repo.updateApplication(tx, id, { status, reason, reviewedBy: reviewer.adminId, reviewedAt: now });
    await updateUser(tx, application.userId, {
      kycStatus: decision.approve ? KycStatus.Verified : KycStatus.Failed,
      ...(decision.approve && { name: `${application.firstName} ${application.lastName}` }),
      updatedAt: now,
    });
    if (decision.approve && deps.autoApproveTrading) {
      // Auto-approval happens here, at verification, not when the user applied (issue 20).
      if (await repo.grantWaitingTrading(tx, application.userId, now)) {
        await deliverMessage(tx, afterCommit, deps.notify, { userId: application.userId, notice: { title: 'notice.tradingGrantedTitle', body: 'notice.tradingGrantedBody' }, createdAt: now });
      }
    }
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: application.userId,
      notice: decision.approve
        ? { title: 'notice.kycVerifiedTitle', body: 'notice.kycVerifiedBody' }
        : { title: 'notice.kycFailedTitle', body: 'notice.kycFailedBody', params: { reason: reason ?? '' } },
      createdAt: now,
    });
    await audit(tx, { actorUserId: reviewer.adminId, action: decision.approve ? 'kyc.approve' : 'kyc.reject', subject: `kyc:${id}`, detail: { before: { status: application.status }, after: { status, reason } }, ip: reviewer.ip }, now);
    return toApplication(updated);
  });
}
