import { KycStatus, PermissionKind } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import { deliverMessage } from '../inbox/index.js';
import { lockUser, updateUser } from '../users/index.js';
import * as repo from './kyc.repository.js';
import type { KycDeps } from './kyc.service.js';

type Kind = (typeof PermissionKind)[keyof typeof PermissionKind];
const Status = { None: 0, Pending: 1, Refused: 2, Granted: 3 } as const;
const column = (kind: Kind) => (kind === PermissionKind.Trading ? 'tradePermission' : 'blockTradePermission');

/** Trading permission needs a verified identity (issue 20); a granted one is never taken back by this rule. */
export async function identityVerified(db: Database, userId: number): Promise<boolean> {
  return (await repo.kycStatusOf(db, userId)) === KycStatus.Verified;
}

/** Puts an application under review (a granted permission stays granted). */
export async function apply(deps: KycDeps, userId: number, kind: Kind): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const user = await lockUser(tx, userId);
    const current = user?.[column(kind)] ?? Status.None;
    if (current === Status.Granted || current === Status.Pending) return current;
    await updateUser(tx, userId, { [column(kind)]: Status.Pending, updatedAt: deps.clock.now() });
    return Status.Pending;
  });
}

export async function pending(deps: KycDeps) {
  const rows = await repo.usersWithPendingPermission(deps.db, Status.Pending);
  return rows.flatMap((u) => [
    ...(u.tradePermission === Status.Pending ? [{ userId: u.id, email: u.email, name: u.name, kind: PermissionKind.Trading, status: Status.Pending }] : []),
    ...(u.blockTradePermission === Status.Pending ? [{ userId: u.id, email: u.email, name: u.name, kind: PermissionKind.BlockTrade, status: Status.Pending }] : []),
  ]);
}

export async function review(
  deps: KycDeps,
  reviewer: { adminId: number; ip: string },
  userId: number,
  kind: Kind,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const user = await lockUser(tx, userId);
    if (!user) throw AppError.notFound('review.notFound');
    if (user[column(kind)] !== Status.Pending) throw AppError.conflict('review.notPending');
    // Staff cannot grant trading before the identity is verified; the application keeps waiting.
    if (decision.approve && kind === PermissionKind.Trading && user.kycStatus !== KycStatus.Verified) throw AppError.conflict('permission.identityRequired');
    const status = decision.approve ? Status.Granted : Status.Refused;
    await updateUser(tx, userId, { [column(kind)]: status, updatedAt: now });
    const trading = kind === PermissionKind.Trading;
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId,
      notice: decision.approve
        ? trading
          ? { title: 'notice.tradingGrantedTitle', body: 'notice.tradingGrantedBody' }
          : { title: 'notice.blockTradingGrantedTitle', body: 'notice.blockTradingGrantedBody' }
        : trading
          ? { title: 'notice.tradingRefusedTitle', body: 'notice.tradingRefusedBody', params: { reason: decision.reason } }
          : { title: 'notice.blockTradingRefusedTitle', body: 'notice.blockTradingRefusedBody', params: { reason: decision.reason } },
      createdAt: now,
    });
    await audit(tx, { actorUserId: reviewer.adminId, action: `permission.${kind}.${decision.approve ? 'approve' : 'reject'}`, subject: `user:${userId}`, detail: { before: { status: Status.Pending }, after: { status } }, ip: reviewer.ip }, now);
    return { userId, email: user.email, name: user.name, kind, status };
  });
}
