import { AssetSource, OrderDirection, OrderStatus, OrderType, type BlockOffer, type Order } from '@tradewind/contract';
import type { BlockOfferRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../audit/index.js';
import { SystemAccount, idempotent, inTransaction, systemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import { isOpenAt } from '../market/index.js';
import type * as repo from './trading.repository.js';
import * as blocks from './block-trades.repository.js';
import { walletFor } from './trading-rules.js';
import { openPosition } from './orders.service.js';
import type { TradingDeps } from './trading-deps.js';
import { quote, tradableInstrument } from './trading-pricing.js';
import { publish, toOrder } from './trading.mappers.js';

export function toOffer(deps: TradingDeps, row: BlockOfferRow): BlockOffer {
  const instrument = deps.market.catalog.get(AssetSource.Stock, row.stockCode);
  const now = deps.clock.now();
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: instrument?.name ?? row.stockCode,
    market: instrument?.market ?? '',
    price: row.price,
    marketPrice: instrument ? deps.market.feed.quote(instrument).price : row.price,
    minQuantity: row.minQuantity,
    remainingQuantity: row.remainingQuantity,
    endTimestamp: Math.floor(row.endsAt.getTime() / 1000),
    status: row.remainingQuantity >= row.minQuantity && row.endsAt > now ? 'open' : 'closed',
  };
}

export async function listOffers(deps: TradingDeps): Promise<BlockOffer[]> {
  // A withdrawn offer is gone for users; the back office still lists it.
  const rows = await blocks.visibleOffers(deps.db);
  return rows.map((row) => toOffer(deps, row));
}

/** The desk publishes a block (back office). */
export async function publishOffer(
  deps: TradingDeps,
  admin: { id: number; ip: string },
  body: { stockCode: string; price: number; minQuantity: number; totalQuantity: number; hours: number },
): Promise<BlockOffer> {
  const instrument = tradableInstrument(deps, { stockCode: body.stockCode, source: AssetSource.Stock });
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await blocks.insertOffer(tx, {
      stockCode: instrument.code,
      price: body.price,
      minQuantity: body.minQuantity,
      remainingQuantity: body.totalQuantity,
      endsAt: new Date(now.getTime() + body.hours * 3_600_000),
      createdBy: admin.id,
      createdAt: now,
    });
    await audit(tx, { actorUserId: admin.id, action: 'blocktrade.publish', subject: `block:${row.id}`, detail: { after: { ...body } }, ip: admin.ip }, now);
    return toOffer(deps, row);
  });
}

/** Buys a block at the desk's price: block-trading permission, at least the block minimum, while it lasts. */
export async function buyBlock(
  deps: TradingDeps,
  userId: number,
  body: { offerId: number; quantity: number; leverage?: number },
  idempotencyKey: string | undefined,
): Promise<Order> {
  const now = deps.clock.now();
  if ((await blocks.blockTradePermission(deps.db, userId)) !== 3) throw AppError.forbidden('block.permissionRequired');
  const offer = await blocks.findOffer(deps.db, body.offerId);
  if (!offer || offer.withdrawnAt) throw AppError.notFound('order.notFound');
  if (offer.endsAt <= now || offer.remainingQuantity < offer.minQuantity) throw AppError.conflict('block.offerClosed');
  if (body.quantity < offer.minQuantity) throw AppError.badRequest('order.quantityTooSmall', { min: offer.minQuantity });
  const instrument = tradableInstrument(deps, { stockCode: offer.stockCode, source: AssetSource.Stock });
  if (!isOpenAt(instrument.calendar, now.getTime())) throw AppError.badRequest('market.closed', { code: instrument.code });
  const q = quote(deps, instrument);
  const leverage = body.leverage ?? 1;
  if (leverage > q.rules.leverageMax) throw AppError.badRequest('order.leverageOutOfRange', { max: q.rules.leverageMax });
  const wallet = walletFor(AssetSource.BlockTrade);
  const accounts = {
    walletAccount: await walletAccountOf(deps.db, userId, wallet.walletType, wallet.currency, now),
    marginAccount: await systemAccount(deps.db, SystemAccount.Margin, wallet.currency, now),
    feesAccount: await systemAccount(deps.db, SystemAccount.Fees, wallet.currency, now),
  };
  return idempotent(deps.db, { userId, key: idempotencyKey, route: '/blockTrade/create', body, now }, async (tx, afterCommit) => {
    // The block's remaining size is taken under its row lock, so two buyers never share the last shares.
    if (!(await blocks.takeFromOffer(tx, offer.id, body.quantity, now))) throw AppError.conflict('block.notEnough', { max: offer.remainingQuantity });
    const order: repo.NewOrder = {
      userId,
      source: AssetSource.BlockTrade,
      stockCode: instrument.code,
      direction: OrderDirection.Buy,
      orderType: OrderType.Limit,
      openClose: 0,
      status: OrderStatus.InProgress,
      price: offer.price,
      quantity: body.quantity,
      leverage,
      currency: wallet.currency,
      walletType: wallet.walletType,
      createdAt: now,
      updatedAt: now,
    };
    const done = await openPosition(deps, tx, order, instrument, offer.price, q.rate, accounts, now);
    await blocks.insertTake(tx, { offerId: offer.id, orderId: done.order.id, userId, quantity: body.quantity, createdAt: now });
    afterCommit(() => publish(deps, done));
    return toOrder(deps, done.order);
  });
}
