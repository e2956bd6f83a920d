import { randomBytes } from 'node:crypto';
import { IPO_MAX_LOTS, fromMinor, type AdminIpo, type CreateIpoInput, type IpoAllotment, type UpdateIpoInput } from '@tradewind/contract';
import type { IpoOfferingRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import type { Instrument } from '../market/index.js';
import { allot } from './ipo-allotment.service.js';
import { CURRENCY, stockOf, toOffering, type IpoDeps } from './ipo-views.js';
import * as repo from './ipo.repository.js';

/* The back office's side of new-share subscriptions: creating and editing offerings, allotting now, the allotment record. */

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
