import { AssetSource, OrderDirection, type LedgerKind } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { PositionRow } from '../../db/schema.js';
import { type LocalizedText, post, systemAccount, SystemAccount } from '../ledger/index.js';
import type { Instrument } from '../market/index.js';
import { multiplierOf, walletFor } from './trading-rules.js';
import * as repo from './trading.repository.js';

export interface DeliveredShares {
  userId: number;
  instrument: Instrument;
  quantity: number;
  /** The price the shares were bought at (the IPO's offer price). */
  price: number;
  /** Their full cost in cents: the position's margin at leverage 1. */
  costMinor: number;
  /** The ledger account that already holds that money (IPO escrow), moved into the house margin account. */
  fundedFrom: number;
  kind: LedgerKind;
  /** What the wallet bill shows: a message key read in the reader's language (migration 0024), or plain text. */
  memo: string | LocalizedText;
  referenceType: string;
  referenceId: number;
}

/**
 * Opens a long stock position for shares delivered outside an order (IPO shares at their listing),
 * in the caller's transaction. The cost is already with the house, so no fee is taken and nothing
 * leaves the user's wallet: the money moves from `fundedFrom` into `margin`, keeping the invariant
 * that the margin account holds exactly the open positions' margin. From then on it is an ordinary
 * leverage-1 position of source 0: marked, closed and liquidated like any other.
 */
export async function openDeliveredPosition(tx: Database, shares: DeliveredShares, now: Date): Promise<PositionRow> {
  const wallet = walletFor(AssetSource.Stock);
  if (shares.instrument.source !== AssetSource.Stock || shares.instrument.currency !== wallet.currency) {
    throw new Error(`delivered shares must be a ${wallet.currency} stock (got ${shares.instrument.key})`);
  }
  const margin = await systemAccount(tx, SystemAccount.Margin, wallet.currency, now);
  const position = await repo.insertPosition(tx, {
    userId: shares.userId,
    source: AssetSource.Stock,
    stockCode: shares.instrument.code,
    contract: null,
    direction: OrderDirection.Buy,
    quantity: shares.quantity,
    openPrice: shares.price,
    multiplier: multiplierOf(shares.instrument),
    leverage: 1,
    walletType: wallet.walletType,
    currency: wallet.currency,
    margin: shares.costMinor,
    status: 'open',
    expiresAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await post(
    tx,
    {
      kind: shares.kind,
      userId: shares.userId,
      referenceType: shares.referenceType,
      referenceId: shares.referenceId,
      memo: shares.memo,
      lines: [
        { accountId: shares.fundedFrom, currency: wallet.currency, amount: -shares.costMinor },
        { accountId: margin, currency: wallet.currency, amount: shares.costMinor },
      ],
    },
    now,
  );
  return position;
}
