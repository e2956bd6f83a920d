import { createHash, randomBytes } from 'node:crypto';
import {
  AssetSource,
  IPO_MAX_LOTS,
  IpoSubscriptionStatus,
  WalletType,
  fromMinor,
  notionalMinor,
  type AdminIpo,
  type CreateIpoInput,
  type IpoAllotment,
  type IpoDraw,
  type IpoFullNum,
  type IpoOffering,
  type IpoStatus,
  type IpoSubscription,
  type Page,
  type UpdateIpoInput,
} from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { pageAnswer, pageOf } from '../../db/paging.js';
import type { IpoOfferingRow, IpoSubscriptionRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../admin/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import { SystemAccount, hold as placeHold, idempotent as idempotentOnce, inTransaction, post, releaseHold, systemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import { type Instrument, type MarketDeps } from '../market/index.js';
import { openDeliveredPosition } from '../trading/index.js';
import { drawAllotment } from './ipo-lottery.js';
import * as repo from './ipo.repository.js';
import { shownMoney } from '../../i18n/shown-values.js';

/*
 * New-share subscriptions (DESIGN §5): the subscription freezes lots × lot size × price in the
 * SUBSCRIPTION wallet (a hold); after the purchase end the allotment captures what was allotted
 * (wallet → IPO escrow) and releases the rest; at the listing date the escrowed money becomes the
 * margin of an ordinary leverage-1 stock position (escrow → house margin).
 */

export interface IpoDeps {
  db: Database;
  clock: Clock;
  market: MarketDeps;
  notify: MessageNotifier;
  log: FastifyBaseLogger;
  /** A subscription wallet's balance changed (after commit). */
  balanceChanged(userId: number, walletType: WalletType): void;
  /** Delivered shares opened a position (after commit). */
  positionOpened(row: PositionRow): void;
}

const WALLET = WalletType.SUBSCRIPTION;
const CURRENCY = 'USD';

const seedHash = (seed: string) => createHash('sha256').update(seed).digest('hex');
const lotsOffered = (row: IpoOfferingRow) => row.sharesOffered / row.lotSize;
const lotMinor = (row: IpoOfferingRow) => row.priceMinor * row.lotSize;

function statusOf(row: IpoOfferingRow, now: Date): IpoStatus {
  if (row.listedAt) return 'listed';
  if (row.allottedAt) return 'allotted';
  if (now < row.purchaseStartAt) return 'upcoming';
  if (now < row.purchaseEndAt) return 'open';
  return 'closed';
}

function stockOf(deps: IpoDeps, stockCode: string): Instrument | undefined {
  return deps.market.catalog.get(AssetSource.Stock, stockCode);
}

function toOffering(deps: IpoDeps, row: IpoOfferingRow): IpoOffering {
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: row.name,
    market: stockOf(deps, row.stockCode)?.market ?? '',
    source: AssetSource.IPO,
    currency: row.currency,
    price: fromMinor(row.priceMinor),
    lotSize: row.lotSize,
    lotAmount: fromMinor(lotMinor(row)),
    sharesOffered: row.sharesOffered,
    lotsOffered: lotsOffered(row),
    prospectusDate: toSeconds(row.prospectusAt),
    purchaseStartDate: toSeconds(row.purchaseStartAt),
    purchaseEndDate: toSeconds(row.purchaseEndAt),
    listDate: toSeconds(row.listAt),
    status: statusOf(row, deps.clock.now()),
    seedHash: seedHash(row.seed),
  };
}

function toSubscription(deps: IpoDeps, { subscription: s, offering: o }: repo.SubscriptionWithOffering): IpoSubscription {
  const waiting = s.status === IpoSubscriptionStatus.Waiting;
  return {
    id: s.id,
    offeringId: o.id,
    stockCode: o.stockCode,
    name: o.name,
    market: stockOf(deps, o.stockCode)?.market ?? '',
    currency: o.currency,
    price: fromMinor(o.priceMinor),
    lotSize: o.lotSize,
    quantity: s.lots,
    shares: s.lots * o.lotSize,
    total: fromMinor(s.amountMinor),
    allotmentQuantity: s.allottedLots,
    allotmentShares: s.allottedLots * o.lotSize,
    amountPaid: fromMinor(s.paidMinor),
    amountPending: waiting ? fromMinor(s.amountMinor) : 0,
    amountRefunded: waiting ? 0 : fromMinor(s.amountMinor - s.paidMinor),
    status: s.status as IpoSubscription['status'],
    prospectusDate: toSeconds(o.prospectusAt),
    purchaseEndDate: toSeconds(o.purchaseEndAt),
    listDate: toSeconds(o.listAt),
    listed: s.listedAt !== null,
    positionId: s.positionId,
    createTimeTimestamp: toSeconds(s.createdAt),
  };
}

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

const usd = (minor: number) => shownMoney(minor, CURRENCY);

/**
 * The allotment of one offering, once its purchase has ended. Under the offering's row lock and only
 * while it is not yet allotted, so running it again (the timer, another process, an admin) does
 * nothing more. Answers whether this call did it.
 */
export async function allot(deps: IpoDeps, offeringId: number): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const offering = await repo.lockOffering(tx, offeringId);
    if (!offering || offering.allottedAt || offering.purchaseEndAt > now) return false;
    const subscriptions = await repo.offeringSubscriptions(tx, offering.id);
    const result = drawAllotment(offering.seed, lotsOffered(offering), subscriptions.map((s) => ({ subscriptionId: s.id, lots: s.lots })));
    const lines = new Map(result.lines.map((line) => [line.subscriptionId, line]));
    await repo.insertAllotments(
      tx,
      subscriptions.map((s) => {
        const line = lines.get(s.id)!;
        return { offeringId: offering.id, subscriptionId: s.id, userId: s.userId, requestedLots: line.requestedLots, allottedLots: line.allottedLots, ticketFrom: line.ticketFrom, ticketTo: line.ticketTo, firstDraw: line.firstDraw };
      }),
    );
    const escrow = await systemAccount(tx, SystemAccount.IpoEscrow, CURRENCY, now);
    for (const s of subscriptions) {
      const allotted = lines.get(s.id)!.allottedLots;
      const paid = allotted * lotMinor(offering);
      // The hold ends first so the capture below is measured against the freed balance.
      if (!(await releaseHold(tx, s.holdId, allotted > 0 ? 'posted' : 'voided', now))) throw new Error(`hold ${s.holdId} of IPO subscription ${s.id} was not pending`);
      if (paid > 0) {
        const wallet = await walletAccountOf(tx, s.userId, WALLET, CURRENCY, now);
        await post(
          tx,
          {
            kind: 'ipo_allotment',
            userId: s.userId,
            referenceType: 'ipo_subscription',
            referenceId: s.id,
            memo: { key: 'memo.ipoAllotted', params: { code: offering.stockCode, shares: allotted * offering.lotSize } },
            lines: [
              { accountId: wallet, currency: CURRENCY, amount: -paid },
              { accountId: escrow, currency: CURRENCY, amount: paid },
            ],
          },
          now,
        );
      }
      await repo.updateSubscription(tx, s.id, {
        status: allotted > 0 ? IpoSubscriptionStatus.Allotted : IpoSubscriptionStatus.NotAllotted,
        allottedLots: allotted,
        paidMinor: paid,
        allottedAt: now,
      });
      const refund = s.amountMinor - paid;
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: s.userId,
        notice:
          allotted > 0
            ? {
                title: 'notice.ipoAllottedTitle',
                body: refund > 0 ? 'notice.ipoAllottedRefundBody' : 'notice.ipoAllottedBody',
                params: { name: offering.name, allotted: allotted * offering.lotSize, applied: s.lots * offering.lotSize, code: offering.stockCode, price: usd(offering.priceMinor), paid: usd(paid), refund: usd(refund) },
              }
            : {
                title: 'notice.ipoNotAllottedTitle',
                body: 'notice.ipoNotAllottedBody',
                params: { name: offering.name, applied: s.lots * offering.lotSize, code: offering.stockCode, refund: usd(s.amountMinor) },
              },
        createdAt: now,
      });
      afterCommit(() => deps.balanceChanged(s.userId, WALLET));
    }
    await repo.updateOffering(tx, offering.id, {
      demandLots: result.demandLots,
      allottedLots: result.allottedLots,
      drawDigest: result.drawDigest,
      allottedAt: now,
      updatedAt: now,
    });
    afterCommit(() => deps.log.info({ offeringId: offering.id, demandLots: result.demandLots, allottedLots: result.allottedLots, drawn: result.drawn }, 'ipo: allotted'));
    return true;
  });
}

/** At the listing date the allotted shares become positions, once (same locking as the allotment). */
export async function list(deps: IpoDeps, offeringId: number): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const offering = await repo.lockOffering(tx, offeringId);
    if (!offering || !offering.allottedAt || offering.listedAt || offering.listAt > now) return false;
    const instrument = stockOf(deps, offering.stockCode);
    if (!instrument) throw new Error(`IPO ${offering.id}: ${offering.stockCode} is not in the instrument master`);
    const escrow = await systemAccount(tx, SystemAccount.IpoEscrow, CURRENCY, now);
    for (const s of await repo.offeringSubscriptions(tx, offering.id)) {
      if (s.status !== IpoSubscriptionStatus.Allotted || s.listedAt) continue;
      const shares = s.allottedLots * offering.lotSize;
      const position = await openDeliveredPosition(
        tx,
        {
          userId: s.userId,
          instrument,
          quantity: shares,
          price: fromMinor(offering.priceMinor),
          costMinor: s.paidMinor,
          fundedFrom: escrow,
          kind: 'ipo_listing',
          memo: { key: 'memo.ipoListed', params: { code: offering.stockCode, shares } },
          referenceType: 'ipo_subscription',
          referenceId: s.id,
        },
        now,
      );
      await repo.updateSubscription(tx, s.id, { positionId: position.id, listedAt: now });
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: s.userId,
        notice: { title: 'notice.ipoListedTitle', body: 'notice.ipoListedBody', params: { name: offering.name, code: offering.stockCode, shares, price: usd(offering.priceMinor) } },
        createdAt: now,
      });
      afterCommit(() => deps.positionOpened(position));
    }
    await repo.updateOffering(tx, offering.id, { listedAt: now, updatedAt: now });
    return true;
  });
}

/** What the timer runs: every allotment and listing that is due. Each is idempotent on its own. */
export async function runDue(deps: IpoDeps): Promise<{ allotted: number; listed: number }> {
  const now = deps.clock.now();
  let allotted = 0;
  let listed = 0;
  for (const id of await repo.dueForAllotment(deps.db, now)) if (await allot(deps, id)) allotted++;
  for (const id of await repo.dueForListing(deps.db, now)) if (await list(deps, id)) listed++;
  return { allotted, listed };
}

/* Back office */

interface Terms {
  priceMinor: number;
  lotSize: number;
  sharesOffered: number;
  prospectusAt: Date;
  purchaseStartAt: Date;
  purchaseEndAt: Date;
  listAt: Date;
}

function checkTerms(terms: Terms, now: Date): void {
  if (terms.sharesOffered % terms.lotSize !== 0) throw AppError.badRequest('ipo.sharesNotLots', { lot: terms.lotSize });
  if (terms.sharesOffered / terms.lotSize > IPO_MAX_LOTS) throw AppError.badRequest('ipo.tooManyLotsOffered', { max: IPO_MAX_LOTS });
  if (!Number.isSafeInteger(terms.sharesOffered * terms.priceMinor)) throw AppError.badRequest('validation.tooBig', { field: 'sharesOffered', max: Math.floor(Number.MAX_SAFE_INTEGER / terms.priceMinor) });
  if (terms.prospectusAt > terms.purchaseStartAt) throw AppError.badRequest('ipo.datesOrder', { field: 'prospectusDate' });
  if (terms.purchaseStartAt >= terms.purchaseEndAt) throw AppError.badRequest('ipo.datesOrder', { field: 'purchaseStartDate' });
  if (terms.purchaseEndAt >= terms.listAt) throw AppError.badRequest('ipo.datesOrder', { field: 'listDate' });
  if (terms.purchaseEndAt <= now) throw AppError.badRequest('ipo.endInPast');
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

async function toAdminIpo(deps: IpoDeps, row: IpoOfferingRow, demand?: { subscriptions: number; lots: number }): Promise<AdminIpo> {
  const counts = demand ?? (await repo.demandByOffering(deps.db)).get(row.id) ?? { subscriptions: 0, lots: 0 };
  const instrument = stockOf(deps, row.stockCode);
  const now = deps.clock.now();
  return {
    ...toOffering(deps, row),
    marketPrice: instrument ? deps.market.feed.quote(instrument).price : null,
    subscriptions: counts.subscriptions,
    demandLots: row.demandLots ?? counts.lots,
    allottedLots: row.allottedLots,
    seed: row.allottedAt ? row.seed : null,
    drawDigest: row.drawDigest,
    allotTimeTimestamp: row.allottedAt ? toSeconds(row.allottedAt) : null,
    listTimeTimestamp: row.listedAt ? toSeconds(row.listedAt) : null,
    editable: !row.allottedAt && now < row.purchaseEndAt,
    termsLocked: counts.subscriptions > 0,
    createTimeTimestamp: toSeconds(row.createdAt),
  };
}

export async function adminList(deps: IpoDeps): Promise<AdminIpo[]> {
  const [rows, demand] = await Promise.all([repo.listOfferings(deps.db, 500), repo.demandByOffering(deps.db)]);
  return Promise.all(rows.map((row) => toAdminIpo(deps, row, demand.get(row.id) ?? { subscriptions: 0, lots: 0 })));
}

function usStock(deps: IpoDeps, stockCode: string): Instrument {
  const instrument = stockOf(deps, stockCode.toUpperCase());
  if (!instrument || instrument.currency !== CURRENCY) throw AppError.badRequest('ipo.unknownStock', { code: stockCode });
  return instrument;
}

export async function createOffering(deps: IpoDeps, admin: { id: number; ip: string }, body: CreateIpoInput): Promise<AdminIpo> {
  const now = deps.clock.now();
  const instrument = usStock(deps, body.stockCode);
  const terms: Terms = {
    priceMinor: body.price,
    lotSize: body.lotSize,
    sharesOffered: body.sharesOffered,
    prospectusAt: fromSeconds(body.prospectusDate),
    purchaseStartAt: fromSeconds(body.purchaseStartDate),
    purchaseEndAt: fromSeconds(body.purchaseEndDate),
    listAt: fromSeconds(body.listDate),
  };
  checkTerms(terms, now);
  const row = await inTransaction(deps.db, async (tx) => {
    const inserted = await repo.insertOffering(tx, {
      ...terms,
      stockCode: instrument.code,
      name: body.name ?? instrument.name,
      seed: randomBytes(32).toString('hex'),
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, { actorUserId: admin.id, action: 'ipo.create', subject: `ipo:${inserted!.id}`, detail: { after: { ...body, price: fromMinor(body.price) } }, ip: admin.ip }, now);
    return inserted!;
  });
  return toAdminIpo(deps, row);
}

/** Terms change only before the purchase ends; price and lot size only while nobody has subscribed. */
export async function updateOffering(deps: IpoDeps, admin: { id: number; ip: string }, id: number, body: UpdateIpoInput): Promise<AdminIpo> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const current = await repo.lockOffering(tx, id);
    if (!current) throw AppError.notFound('ipo.notFound');
    if (current.allottedAt || now >= current.purchaseEndAt) throw AppError.conflict('ipo.notEditable');
    const terms: Terms = {
      priceMinor: body.price ?? current.priceMinor,
      lotSize: body.lotSize ?? current.lotSize,
      sharesOffered: body.sharesOffered ?? current.sharesOffered,
      prospectusAt: body.prospectusDate !== undefined ? fromSeconds(body.prospectusDate) : current.prospectusAt,
      purchaseStartAt: body.purchaseStartDate !== undefined ? fromSeconds(body.purchaseStartDate) : current.purchaseStartAt,
      purchaseEndAt: body.purchaseEndDate !== undefined ? fromSeconds(body.purchaseEndDate) : current.purchaseEndAt,
      listAt: body.listDate !== undefined ? fromSeconds(body.listDate) : current.listAt,
    };
    checkTerms(terms, now);
    const repriced = terms.priceMinor !== current.priceMinor || terms.lotSize !== current.lotSize;
    const subscribed = (await repo.countSubscriptions(tx, id)) > 0;
    if (repriced && subscribed) throw AppError.conflict('ipo.termsLocked');
    // Once someone has subscribed, the window they subscribed in may grow but never shrink (issue 20).
    if (subscribed && terms.purchaseEndAt < current.purchaseEndAt) throw AppError.conflict('ipo.windowShortened', { field: 'purchaseEndDate' });
    if (subscribed && terms.purchaseStartAt > current.purchaseStartAt) throw AppError.conflict('ipo.windowShortened', { field: 'purchaseStartDate' });
    const updated = await repo.updateOffering(tx, id, { ...terms, name: body.name ?? current.name, updatedAt: now });
    const before = {
      name: current.name,
      price: fromMinor(current.priceMinor),
      lotSize: current.lotSize,
      sharesOffered: current.sharesOffered,
      prospectusDate: toSeconds(current.prospectusAt),
      purchaseStartDate: toSeconds(current.purchaseStartAt),
      purchaseEndDate: toSeconds(current.purchaseEndAt),
      listDate: toSeconds(current.listAt),
    };
    const after = { ...body, ...(body.price !== undefined && { price: fromMinor(body.price) }) };
    await audit(tx, { actorUserId: admin.id, action: 'ipo.update', subject: `ipo:${id}`, detail: { before, after }, ip: admin.ip }, now);
    return updated;
  });
  return toAdminIpo(deps, row);
}

/** Runs a due allotment now (as the timer would) and answers the offering; nothing more if already done. */
export async function allotNow(deps: IpoDeps, admin: { id: number; ip: string }, id: number): Promise<AdminIpo> {
  const row = await repo.findOffering(deps.db, id);
  if (!row) throw AppError.notFound('ipo.notFound');
  if (!row.allottedAt && row.purchaseEndAt > deps.clock.now()) throw AppError.conflict('ipo.notDue');
  if (await allot(deps, id)) {
    await audit(deps.db, { actorUserId: admin.id, action: 'ipo.allot', subject: `ipo:${id}`, ip: admin.ip }, deps.clock.now());
  }
  return toAdminIpo(deps, (await repo.findOffering(deps.db, id))!);
}

/** The allotment record, to audit it: replaying the lottery from the revealed seed gives the same lines. */
export async function allotmentRecord(deps: IpoDeps, id: number): Promise<{ offering: AdminIpo; lines: IpoAllotment[] }> {
  const row = await repo.findOffering(deps.db, id);
  if (!row) throw AppError.notFound('ipo.notFound');
  const lines = await repo.allotmentLines(deps.db, id);
  return {
    offering: await toAdminIpo(deps, row),
    lines: lines.map((line) => ({
      subscriptionId: line.subscriptionId,
      userId: line.userId,
      email: line.email,
      requestedLots: line.requestedLots,
      allottedLots: line.allottedLots,
      ticketFrom: line.ticketFrom,
      ticketTo: line.ticketTo,
      firstDraw: line.firstDraw,
    })),
  };
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

const DAY = 86_400_000;

/**
 * Demo offerings for a fresh install, of real US stocks in the master so they quote once listed:
 * one open for subscription, one whose purchase has ended (allotted by the first sweep, listing
 * tomorrow). Keyed, so later starts add nothing; skipped when the stock is not loaded.
 */
export async function seedDemoOfferings(deps: IpoDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  const demos = [
    { key: 'demo-open', code: 'RDDT', discount: 0.9, lotSize: 10, sharesOffered: 2_000_000, prospectus: -3, start: -1, end: 6, list: 9 },
    { key: 'demo-listing', code: 'ARM', discount: 0.85, lotSize: 100, sharesOffered: 5_000_000, prospectus: -12, start: -10, end: -1, list: 1 },
  ];
  for (const demo of demos) {
    const instrument = stockOf(deps, demo.code);
    if (!instrument) continue;
    // One share at the discounted price, in cents: the pricing module's notional (exact, half up).
    const priceMinor = Math.max(1, notionalMinor({ price: deps.market.feed.quote(instrument).price, quantity: 1, multiplier: demo.discount, rate: 1 }));
    await repo.insertOffering(deps.db, {
      stockCode: instrument.code,
      name: instrument.name,
      priceMinor,
      lotSize: demo.lotSize,
      sharesOffered: demo.sharesOffered,
      prospectusAt: new Date(now + demo.prospectus * DAY),
      purchaseStartAt: new Date(now + demo.start * DAY),
      purchaseEndAt: new Date(now + demo.end * DAY),
      listAt: new Date(now + demo.list * DAY),
      seed: randomBytes(32).toString('hex'),
      demoKey: demo.key,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
}
