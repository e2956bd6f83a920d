import { AssetSource, OrderDirection, type Order, type Page, type Position, type TradingRules } from '@tradewind/contract';
import { AppError } from '../../lib/app-error.js';
import type { Database } from '../../db/client.js';
import { userAccounts } from '../ledger/index.js';
import * as repo from './trading.repository.js';
import type { TradingDeps } from './trading-deps.js';
import { publicRules, walletFor } from './trading-rules.js';
import { affordableQuantity, quote, tradableInstrument } from './trading-pricing.js';
import { toOrder, toPosition } from './trading.mappers.js';
import { pageAnswer, pageOf } from '../../db/paging.js';

/** Largest quantity the wallet's available funds can open, and half of it, in whole steps. */
export async function halfOrFull(
  deps: TradingDeps,
  userId: number,
  body: { stockCode: string; source?: number; market?: string; direction: 0 | 1; leverage?: number; price?: number },
) {
  const instrument = tradableInstrument(deps, body);
  const q = quote(deps, instrument);
  const price = body.price ?? (body.direction === OrderDirection.Buy ? q.ask : q.bid);
  const wallet = walletFor(instrument.source);
  const accounts = await userAccounts(deps.db, userId);
  const account = accounts.find((a) => a.walletType === wallet.walletType && a.currency === wallet.currency);
  const available = account ? account.balance - account.frozen : 0;
  const leverage = Math.min(body.leverage ?? 1, q.rules.leverageMax);
  const full = affordableQuantity(q, price, leverage, available);
  const half = Math.floor(full / 2 / q.rules.step) * q.rules.step;
  return { full: Math.max(0, full), half: Math.max(0, half), price, minCount: q.rules.minCount };
}

export async function myPositions(deps: TradingDeps, userId: number, source?: number): Promise<Position[]> {
  return (await repo.openPositions(deps.db, { userId, source, followId: null })).map((row) => toPosition(deps, row));
}

export async function positionsByStock(deps: TradingDeps, userId: number, query: { stockCode: string; source?: number; market?: string }) {
  const instrument = tradableInstrument(deps, query);
  return (await repo.openPositions(deps.db, { userId, source: instrument.source, stockCode: instrument.code, followId: null })).map((row) =>
    toPosition(deps, row),
  );
}

export async function restingOrders(deps: TradingDeps, userId: number, source?: number): Promise<Order[]> {
  return (await repo.restingOrders(deps.db, { userId, source })).map((row) => toOrder(deps, row));
}

export async function closedPositions(deps: TradingDeps, userId: number, query: { source?: number; pageNum: number; pageSize: number }): Promise<Page<Position>> {
  const { rows, total } = await repo.closedPositions(deps.db, userId, query.source, pageOf(query));
  return pageAnswer(rows.map((row) => toPosition(deps, row)), total, query);
}

export async function orderHistory(deps: TradingDeps, userId: number, query: { source?: number; pageNum: number; pageSize: number }): Promise<Page<Order>> {
  const { rows, total } = await repo.userOrders(deps.db, userId, query.source, pageOf(query));
  return pageAnswer(rows.map((row) => toOrder(deps, row)), total, query);
}

/** The positions of follow orders and the orders that opened and closed them (modules/follow reads them, also inside its transactions). */
export function followHoldings(db: Database, followIds: readonly number[]) {
  return repo.followHoldings(db, followIds);
}

export function sourceFromPath(path: '/stock/create' | '/gold/create' | '/twStock/create', requested: number | undefined): number | undefined {
  if (path === '/gold/create') return AssetSource.Future;
  if (path === '/twStock/create') return AssetSource.TwStock;
  return requested;
}

/** The public rules of an instrument, or of the first one of an asset source when no code is given. */
export function sourceRules(deps: TradingDeps, body: { stockCode?: string; source?: number }): TradingRules {
  const { stockCode, source = AssetSource.Stock } = body;
  const instrument = stockCode
    ? tradableInstrument(deps, { stockCode, source: body.source })
    : deps.market.catalog.all.find((i) => i.source === source);
  if (!instrument) throw AppError.badRequest('order.notTradable', { code: String(source) });
  return publicRules(deps.config, instrument, deps.market.feed.quote(instrument).price);
}
