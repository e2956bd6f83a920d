import { sha256 } from '../../lib/tokens.js';
import { AssetSource, IpoSubscriptionStatus, WalletType, fromMinor, type IpoOffering, type IpoStatus, type IpoSubscription } from '@tradewind/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { IpoOfferingRow, PositionRow } from '../../db/schema.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import type { MessageNotifier } from '../inbox/index.js';
import type { Instrument, MarketDeps } from '../market/index.js';
import type * as repo from './ipo.repository.js';

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

export const WALLET = WalletType.SUBSCRIPTION;
export const CURRENCY = 'USD';

export const seedHash = sha256;
export const lotsOffered = (row: IpoOfferingRow) => row.sharesOffered / row.lotSize;
export const lotMinor = (row: IpoOfferingRow) => row.priceMinor * row.lotSize;

export function statusOf(row: IpoOfferingRow, now: Date): IpoStatus {
  if (row.listedAt) return 'listed';
  if (row.allottedAt) return 'allotted';
  if (now < row.purchaseStartAt) return 'upcoming';
  if (now < row.purchaseEndAt) return 'open';
  return 'closed';
}

export function stockOf(deps: IpoDeps, stockCode: string): Instrument | undefined {
  return deps.market.catalog.get(AssetSource.Stock, stockCode);
}

export function toOffering(deps: IpoDeps, row: IpoOfferingRow): IpoOffering {
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

export function toSubscription(deps: IpoDeps, { subscription: s, offering: o }: repo.SubscriptionWithOffering): IpoSubscription {
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
