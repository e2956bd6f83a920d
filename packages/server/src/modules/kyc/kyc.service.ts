import { KycStatus, ReviewStatus, type KycApplication, type Page } from '@tradewind/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { kycApplications, users, type KycApplicationRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { ownsUpload } from '../uploads/index.js';
import { areas } from './areas.js';

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
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (user?.kycStatus === KycStatus.Verified) throw AppError.conflict('kyc.alreadyVerified');
      if (user?.kycStatus === KycStatus.Pending) throw AppError.conflict('kyc.pending');
      const [row] = await tx.insert(kycApplications).values({ userId, ...input, backUrl: input.backUrl ?? null, createdAt: now }).returning();
      await tx.update(users).set({ kycStatus: KycStatus.Pending, updatedAt: now }).where(eq(users.id, userId));
      return toApplication(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'kyc_applications_one_pending')) throw AppError.conflict('kyc.pending');
    throw error;
  }
}

export async function latestKyc(deps: KycDeps, userId: number): Promise<KycApplication | null> {
  const [row] = await deps.db.select().from(kycApplications).where(eq(kycApplications.userId, userId)).orderBy(desc(kycApplications.id)).limit(1);
  return row ? toApplication(row) : null;
}

export async function listKyc(deps: KycDeps, status: number | undefined, page: { pageNum: number; pageSize: number }): Promise<Page<KycApplication>> {
  const where = status === undefined ? undefined : and(eq(kycApplications.status, status));
  const rows = await deps.db.select().from(kycApplications).where(where).orderBy(desc(kycApplications.id)).limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const [count] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(kycApplications).where(where);
  return { list: rows.map(toApplication), total: count?.total ?? 0, pageNum: page.pageNum, pageSize: page.pageSize };
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
    const [application] = await tx.select().from(kycApplications).where(eq(kycApplications.id, id)).for('update');
    if (!application) throw AppError.notFound('review.notFound');
    if (application.status !== ReviewStatus.Pending) throw AppError.conflict('review.notPending');
    const status = decision.approve ? ReviewStatus.Passed : ReviewStatus.Failed;
    const reason = decision.approve ? null : decision.reason;
    const [updated] = await tx.update(kycApplications).set({ status, reason, reviewedBy: reviewer.adminId, reviewedAt: now }).where(eq(kycApplications.id, id)).returning();
    await tx
      .update(users)
      .set({ kycStatus: decision.approve ? KycStatus.Verified : KycStatus.Failed, ...(decision.approve && { name: `${application.firstName} ${application.lastName}` }), updatedAt: now })
      .where(eq(users.id, application.userId));
    if (decision.approve && deps.autoApproveTrading) {
      // Auto-approval happens here, at verification, not when the user applied (issue 20).
      const granted = await tx
        .update(users)
        .set({ tradePermission: 3, updatedAt: now })
        .where(and(eq(users.id, application.userId), eq(users.tradePermission, 1)))
        .returning({ id: users.id });
      if (granted.length > 0) {
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
    return toApplication(updated!);
  });
}
