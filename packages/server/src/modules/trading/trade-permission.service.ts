import type { Database } from '../../db/client.js';
import { identityVerified } from '../kyc/index.js';
import * as repo from './trading.repository.js';

/**
 * A user's application for trading permission: it needs a verified identity, so before that it waits
 * (1) and TRADING_AUTO_APPROVE grants it once identity is verified; after, it is granted at once (3)
 * or, with auto-approval off, waits for staff. Answers the permission now.
 */
export async function applyForTrading(db: Database, userId: number, autoApprove: boolean): Promise<number> {
  const current = await repo.tradePermission(db, userId);
  const next = current === 3 ? 3 : autoApprove && (await identityVerified(db, userId)) ? 3 : 1;
  await repo.setTradePermission(db, [userId], next);
  return next;
}
