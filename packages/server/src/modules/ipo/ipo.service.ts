import { fromMinor, type IpoDraw, type IpoFullNum, type IpoOffering, type IpoSubscription, type Page } from '@tradewind/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { pageAnswer, pageOf } from '../../db/paging.js';
import type { IpoOfferingRow, IpoSubscriptionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hold as placeHold, idempotent as idempotentOnce, walletAccount as walletAccountOf } from '../ledger/index.js';
import { drawAllotment } from './ipo-lottery.js';
import { CURRENCY, WALLET, lotMinor, lotsOffered, seedHash, statusOf, toOffering, toSubscription, type IpoDeps } from './ipo-views.js';
import * as repo from './ipo.repository.js';

/* A subscriber's side of new-share subscriptions: the offerings, subscribing, their subscriptions and the draw. */

export async function listOfferings(deps: IpoDeps): Promise<IpoOffering[]> {
  return (await repo.listOfferings(deps.db)).map((row) => toOffering(deps, row));
}

async function offeringOf(deps: IpoDeps, ref: { id?: number | undefined; stockCode?: string | undefined }): Promise<IpoOfferingRow> {
  if (ref.id === undefined && ref.stockCode === undefined) throw AppError.badRequest('validation.required', { field: 'stockCode' });
  const row = ref.id !== undefined ? await repo.findOffering(deps.db, ref.id) : await repo.findOfferingByCode(deps.db, ref.stockCode!.toUpperCase());
  if (!row) throw AppError.notFound('ipo.notFound');
  return row;
}

/** The most lots the SUBSCRIPTION wallet's available funds pay for (`/position/getIpoFullNum`). */
export async function fullNum(deps: IpoDeps, userId: number, ref: { id?: number | undefined; stockCode?: string | undefined }): Promise<IpoFullNum> {
  const offering = await offeringOf(deps, ref);
  const available = await repo.availableMinor(deps.db, userId, WALLET, CURRENCY);
  return {
    full: Math.min(Math.floor(available / lotMinor(offering)), lotsOffered(offering)),
    lotSize: offering.lotSize,
    lotAmount: fromMinor(lotMinor(offering)),
    available: fromMinor(available),
    currency: CURRENCY,
  };
}

/** `/NewShares/create`: one application per user and offering, its money frozen until the allotment. */
export async function subscribe(
  deps: IpoDeps,
  userId: number,
  body: { id?: number | undefined; stockCode?: string | undefined; quantity: number },
  idempotencyKey: string | undefined,
): Promise<IpoSubscription> {
  const now = deps.clock.now();
  const offering = await offeringOf(deps, body);
  const status = statusOf(offering, now);
  if (status === 'upcoming') throw AppError.conflict('ipo.notOpenYet');
  if (status !== 'open') throw AppError.conflict('ipo.closed');
  if (body.quantity > lotsOffered(offering)) throw AppError.badRequest('ipo.tooManyLots', { max: lotsOffered(offering) });
  const amount = body.quantity * lotMinor(offering);
  const walletAccount = await walletAccountOf(deps.db, userId, WALLET, CURRENCY, now);
  const result = await idempotentOnce(deps.db, { userId, key: idempotencyKey, route: '/NewShares/create', body, now }, async (tx, afterCommit) => {
    // Checked before freezing so a second application is told so, not "insufficient funds"; the unique key below settles races.
    if (await repo.findSubscription(tx, offering.id, userId)) throw AppError.conflict('ipo.alreadySubscribed');
    const hold = await placeHold(tx, { accountId: walletAccount, amount, referenceType: 'ipo_subscription', referenceId: null }, now);
    let row: IpoSubscriptionRow;
    try {
      row = await repo.insertSubscription(tx, { offeringId: offering.id, userId, lots: body.quantity, amountMinor: amount, holdId: hold.id, createdAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('ipo.alreadySubscribed');
      throw error;
    }
    afterCommit(() => deps.balanceChanged(userId, WALLET));
    return toSubscription(deps, { subscription: row, offering });
  });
  return result;
}

export async function mySubscriptions(deps: IpoDeps, userId: number, ref: { id?: number | undefined; stockCode?: string | undefined }): Promise<IpoSubscription[]> {
  const offeringId = ref.id ?? (ref.stockCode !== undefined ? (await offeringOf(deps, ref)).id : undefined);
  const { rows } = await repo.userSubscriptions(deps.db, userId, { offeringId, limit: 200, offset: 0 });
  return rows.map((row) => toSubscription(deps, row));
}

export async function subscriptionPage(
  deps: IpoDeps,
  userId: number,
  query: { status?: number | undefined; pageNum: number; pageSize: number },
): Promise<Page<IpoSubscription>> {
  const { rows, total } = await repo.userSubscriptions(deps.db, userId, {
    status: query.status,
    ...pageOf(query),
  });
  return pageAnswer(rows.map((row) => toSubscription(deps, row)), total, query);
}

/**
 * The draw of an offering as its subscribers see it (issue 20), to replay it themselves: the seed's
 * hash, then the seed and digest once allotted, and every ticket range in subscription order
 * without who held it; `mine` marks the caller's. Before the allotment the ranges are those the
 * draw would use if the purchase ended now. Anyone who did not subscribe is answered 404.
 */
export async function subscriberDraw(deps: IpoDeps, userId: number, offeringId: number): Promise<IpoDraw> {
  const offering = await repo.findOffering(deps.db, offeringId);
  if (!offering || !(await repo.findSubscription(deps.db, offering.id, userId))) throw AppError.notFound('ipo.notFound');
  const allotted = offering.allottedAt !== null;
  const subscriptions = await repo.offeringSubscriptions(deps.db, offering.id);
  const owners = new Map(subscriptions.map((s) => [s.id, s.userId]));
  const ranges = allotted
    ? (await repo.allotmentLines(deps.db, offering.id)).map((line) => ({
        ticketFrom: line.ticketFrom,
        ticketTo: line.ticketTo,
        requestedLots: line.requestedLots,
        allottedLots: line.allottedLots,
        mine: line.userId === userId,
      }))
    : drawAllotment('', Number.MAX_SAFE_INTEGER, subscriptions.map((s) => ({ subscriptionId: s.id, lots: s.lots }))).lines.map((line) => ({
        ticketFrom: line.ticketFrom,
        ticketTo: line.ticketTo,
        requestedLots: line.requestedLots,
        allottedLots: 0,
        mine: owners.get(line.subscriptionId) === userId,
      }));
  ranges.sort((a, b) => a.ticketFrom - b.ticketFrom);
  return {
    offeringId: offering.id,
    stockCode: offering.stockCode,
    seedHash: seedHash(offering.seed),
    seed: allotted ? offering.seed : null,
    supplyLots: lotsOffered(offering),
    demandLots: offering.demandLots ?? ranges.reduce((sum, range) => sum + range.requestedLots, 0),
    allottedLots: offering.allottedLots,
    drawDigest: offering.drawDigest,
    allotted,
    ranges,
  };
}
