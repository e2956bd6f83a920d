import { AssetSource, type AdminBlockOffer, type UpdateBlockOfferInput } from '@tradewind/contract';
import type { BlockOfferRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import { toOffer } from './block-trades.js';
import * as blocks from './block-trades.repository.js';
import type { TradingDeps } from './trading-deps.js';

/*
 * The back office's block desk (issue 20): the offers with their takers, editing an open offer and
 * withdrawing it. Publishing is `publishOffer` in block-trades.ts. Every change is audited.
 */

const HOUR = 3_600_000;

interface Admin {
  id: number;
  ip: string;
}

async function takersOf(deps: TradingDeps, offerIds: readonly number[]) {
  if (offerIds.length === 0) return new Map<number, AdminBlockOffer['takers']>();
  const rows = await blocks.takesOf(deps.db, offerIds);
  const byOffer = new Map<number, AdminBlockOffer['takers']>();
  for (const row of rows) {
    const list = byOffer.get(row.offerId) ?? [];
    list.push({ orderId: row.orderId, userId: row.userId, email: row.email, name: row.name, quantity: row.quantity, createTimeTimestamp: toSeconds(row.createdAt) });
    byOffer.set(row.offerId, list);
  }
  return byOffer;
}

function toAdminOffer(deps: TradingDeps, row: BlockOfferRow, takers: AdminBlockOffer['takers']): AdminBlockOffer {
  const offer = toOffer(deps, row);
  return {
    ...offer,
    status: row.withdrawnAt ? 'withdrawn' : offer.status,
    takenQuantity: takers.reduce((sum, taker) => sum + taker.quantity, 0),
    takers,
    createTimeTimestamp: toSeconds(row.createdAt),
  };
}

export async function adminOffers(deps: TradingDeps): Promise<AdminBlockOffer[]> {
  const rows = await blocks.allOffers(deps.db);
  const takers = await takersOf(deps, rows.map((row) => row.id));
  return rows.map((row) => toAdminOffer(deps, row, takers.get(row.id) ?? []));
}

async function adminOffer(deps: TradingDeps, id: number): Promise<AdminBlockOffer> {
  const row = await blocks.findOffer(deps.db, id);
  if (!row) throw AppError.notFound('block.offerNotFound');
  return toAdminOffer(deps, row, (await takersOf(deps, [id])).get(id) ?? []);
}

const snapshot = (row: BlockOfferRow) => ({ price: row.price, minQuantity: row.minQuantity, remainingQuantity: row.remainingQuantity, endTimestamp: toSeconds(row.endsAt) });

/**
 * Changes an offer while it is open (not ended, not withdrawn), under its row lock so a purchase at
 * the same moment sees either the old terms or the new ones. The minimum may not exceed what is left.
 */
export async function updateOffer(deps: TradingDeps, admin: Admin, id: number, body: UpdateBlockOfferInput): Promise<AdminBlockOffer> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const current = await blocks.lockOffer(tx, id);
    if (!current) throw AppError.notFound('block.offerNotFound');
    if (current.withdrawnAt || current.endsAt <= now) throw AppError.conflict('block.offerNotEditable');
    const next = {
      price: body.price ?? current.price,
      minQuantity: body.minQuantity ?? current.minQuantity,
      remainingQuantity: body.remainingQuantity ?? current.remainingQuantity,
      endsAt: body.hours !== undefined ? new Date(now.getTime() + body.hours * HOUR) : current.endsAt,
    };
    if (next.remainingQuantity > 0 && next.minQuantity > next.remainingQuantity) {
      throw AppError.badRequest('block.minAboveRemaining', { field: 'minQuantity', max: next.remainingQuantity });
    }
    const updated = await blocks.updateOffer(tx, id, { ...next, updatedAt: now });
    await audit(tx, { actorUserId: admin.id, action: 'blocktrade.update', subject: `block:${id}`, detail: { before: snapshot(current), after: snapshot(updated) }, ip: admin.ip }, now);
  });
  return adminOffer(deps, id);
}

/** Takes an open offer off the desk: users no longer see or buy it; what was bought stays bought. */
export async function withdrawOffer(deps: TradingDeps, admin: Admin, id: number): Promise<AdminBlockOffer> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const current = await blocks.lockOffer(tx, id);
    if (!current) throw AppError.notFound('block.offerNotFound');
    if (current.withdrawnAt) throw AppError.conflict('block.offerNotEditable');
    await blocks.updateOffer(tx, id, { withdrawnAt: now, updatedAt: now });
    await audit(tx, { actorUserId: admin.id, action: 'blocktrade.withdraw', subject: `block:${id}`, detail: { before: snapshot(current) }, ip: admin.ip }, now);
  });
  return adminOffer(deps, id);
}

/**
 * Demo blocks for a fresh install, so the desk is not empty (like the demo IPOs): US stocks of the
 * master at a small discount, open for a week. Keyed, so later starts add nothing.
 */
export async function seedDemoBlockOffers(deps: TradingDeps): Promise<void> {
  const now = deps.clock.now();
  const demos = [
    { key: 'demo-aapl', code: 'AAPL', discount: 0.97, minQuantity: 10_000, total: 60_000 },
    { key: 'demo-nvda', code: 'NVDA', discount: 0.96, minQuantity: 10_000, total: 100_000 },
    { key: 'demo-msft', code: 'MSFT', discount: 0.98, minQuantity: 20_000, total: 80_000 },
  ];
  for (const demo of demos) {
    const instrument = deps.market.catalog.get(AssetSource.Stock, demo.code);
    if (!instrument) continue;
    const price = Math.round(deps.market.feed.quote(instrument).price * demo.discount * 100) / 100;
    if (!(price > 0)) continue;
    await blocks.insertDemoOffer(deps.db, { stockCode: instrument.code, price, minQuantity: demo.minQuantity, remainingQuantity: demo.total, endsAt: new Date(now.getTime() + 7 * 24 * HOUR), createdBy: null, createdAt: now, demoKey: demo.key });
  }
}
