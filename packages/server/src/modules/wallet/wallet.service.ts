import {
  convertMinor,
  defaultLocale,
  fromMinor,
  type Locale,
  walletCurrencies,
  walletTypes,
  type Currency,
  type Page,
  type Transfer,
  type WalletBalance,
  type WalletBillItem,
  type WalletOverview,
  type WalletType,
} from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { LedgerAccountRow, WalletTransferRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { hold as placeHold, idempotent, inTransaction, lockAccounts, memoIn, post, releaseHold, systemAccount, SystemAccount, userAccounts, userPostings, walletAccount } from '../ledger/index.js';
import { conversionRate, type MarketDeps } from '../market/index.js';
import * as repo from './wallet.repository.js';
import { formatInZone } from '../../lib/format-time.js';
import { pageAnswer, pageOf } from '../../db/paging.js';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  market: MarketDeps;
  settleSeconds: number;
}


function toBalance(walletType: WalletType, currency: Currency, account: LedgerAccountRow | undefined): WalletBalance {
  const balance = account?.balance ?? 0;
  const frozen = account?.frozen ?? 0;
  return { walletType, currency, balance: fromMinor(balance), available: fromMinor(balance - frozen), frozen: fromMinor(frozen) };
}

function requireCurrency(walletType: WalletType, currency: Currency | undefined): Currency {
  const held = walletCurrencies[walletType];
  const chosen = currency ?? held[0];
  if (!chosen || !held.includes(chosen)) throw AppError.badRequest('wallet.currencyUnavailable', { wallet: walletType, currency: currency ?? '' });
  return chosen;
}

export async function walletBalance(deps: WalletDeps, userId: number, walletType: WalletType, currency?: Currency): Promise<WalletBalance> {
  const chosen = requireCurrency(walletType, currency);
  const accounts = await userAccounts(deps.db, userId);
  return toBalance(walletType, chosen, accounts.find((a) => a.walletType === walletType && a.currency === chosen));
}

/** Every wallet and currency, including empty ones, with a USD total at live rates. */
export async function walletOverview(deps: WalletDeps, userId: number): Promise<WalletOverview> {
  const accounts = await userAccounts(deps.db, userId);
  const wallets = walletTypes.flatMap((walletType) =>
    walletCurrencies[walletType].map((currency) => toBalance(walletType, currency, accounts.find((a) => a.walletType === walletType && a.currency === currency))),
  );
  const totalMinor = accounts.reduce((sum, a) => sum + a.balance * (conversionRate(deps.market, a.currency, 'USD') ?? 0), 0);
  return { wallets, totalUsd: fromMinor(Math.round(totalMinor)) };
}

/** The wallet bill: every posting on the user's accounts, newest first. */
export async function walletBill(
  deps: WalletDeps,
  userId: number,
  query: { timeZone: string; walletType?: WalletType; pageNum: number; pageSize: number },
  locale: Locale = defaultLocale,
): Promise<Page<WalletBillItem>> {
  const { rows, total } = await userPostings(deps.db, userId, {
    walletType: query.walletType,
    ...pageOf(query),
  });
  return {
    list: rows.map((row) => ({
      id: row.id,
      walletType: row.walletType as WalletType,
      currency: row.currency as Currency,
      amount: fromMinor(row.amount),
      kind: row.kind,
      memo: memoIn(locale, row),
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      createTimeTimestamp: toSeconds(row.createdAt),
      createTime: formatInZone(row.createdAt, query.timeZone),
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

function toTransfer(row: WalletTransferRow): Transfer {
  return {
    id: row.id,
    status: row.status,
    fromWallet: row.fromWallet as WalletType,
    toWallet: row.toWallet as WalletType,
    currency: row.currency as Currency,
    amount: fromMinor(row.amount),
    toCurrency: row.toCurrency as Currency,
    toAmount: fromMinor(row.toAmount),
    rate: row.rate,
    createTimeTimestamp: toSeconds(row.createdAt),
    settleTimeTimestamp: toSeconds(row.resolvedAt ?? row.settleAt),
  };
}

/**
 * Moves money between the user's own wallets: the amount is held in the source wallet at once,
 * converted at the quoted rate, and credited when the transfer settles (cancellable until then).
 */
export async function createTransfer(
  deps: WalletDeps,
  userId: number,
  body: { fromWallet: WalletType; toWallet: WalletType; amount: number; currency?: Currency },
  idempotencyKey: string | undefined,
): Promise<Transfer> {
  const now = deps.clock.now();
  const currency = requireCurrency(body.fromWallet, body.currency);
  const held = walletCurrencies[body.toWallet];
  const toCurrency = held.includes(currency) ? currency : (held[0] as Currency);
  const rate = conversionRate(deps.market, currency, toCurrency);
  if (rate === null) throw AppError.badRequest('fx.noRate', { from: currency, to: toCurrency });
  const toAmount = convertMinor(body.amount, rate);
  if (toAmount <= 0) throw AppError.badRequest('validation.tooSmall', { field: 'amount', min: 0.01 });
  const fromAccount = await walletAccount(deps.db, userId, body.fromWallet, currency, now);
  await walletAccount(deps.db, userId, body.toWallet, toCurrency, now);

  return idempotent(deps.db, { userId, key: idempotencyKey, route: '/wallet/transfer', body, now }, async (tx) => {
    const hold = await placeHold(tx, { accountId: fromAccount, amount: body.amount, referenceType: 'transfer', referenceId: null }, now);
    let row = await repo.insertTransfer(tx, {
      userId,
      fromWallet: body.fromWallet,
      toWallet: body.toWallet,
      currency,
      amount: body.amount,
      toCurrency,
      toAmount,
      rate,
      status: 'pending',
      holdId: hold.id,
      createdAt: now,
      settleAt: new Date(now.getTime() + deps.settleSeconds * 1000),
    });
    if (deps.settleSeconds === 0) row = await settleLocked(deps, tx, row, now);
    return toTransfer(row);
  });
}

async function settleLocked(deps: WalletDeps, tx: Database, transfer: WalletTransferRow, now: Date): Promise<WalletTransferRow> {
  const from = await walletAccount(tx, transfer.userId, transfer.fromWallet, transfer.currency, now);
  const to = await walletAccount(tx, transfer.userId, transfer.toWallet, transfer.toCurrency, now);
  const lines = [{ accountId: from, currency: transfer.currency, amount: -transfer.amount }];
  if (transfer.currency === transfer.toCurrency) {
    lines.push({ accountId: to, currency: transfer.toCurrency, amount: transfer.toAmount });
  } else {
    const fxFrom = await systemAccount(tx, SystemAccount.Fx, transfer.currency, now);
    const fxTo = await systemAccount(tx, SystemAccount.Fx, transfer.toCurrency, now);
    lines.push(
      { accountId: fxFrom, currency: transfer.currency, amount: transfer.amount },
      { accountId: fxTo, currency: transfer.toCurrency, amount: -transfer.toAmount },
      { accountId: to, currency: transfer.toCurrency, amount: transfer.toAmount },
    );
  }
  // Lock every account in id order before the hold's release touches one of them.
  await lockAccounts(tx, lines.map((l) => l.accountId));
  await releaseHold(tx, transfer.holdId, 'posted', now);
  await post(tx, { kind: 'transfer', userId: transfer.userId, referenceType: 'transfer', referenceId: transfer.id, lines }, now);
  return repo.setTransferStatus(tx, transfer.id, 'settled', now);
}

/** Cancels a pending transfer; one that settled or was cancelled already cannot be. */
export async function cancelTransfer(deps: WalletDeps, userId: number, id: number): Promise<Transfer> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const transfer = await repo.lockTransfer(tx, id);
    if (!transfer || transfer.userId !== userId) throw AppError.notFound('transfer.notFound');
    if (transfer.status !== 'pending') throw AppError.conflict('transfer.notCancellable');
    await releaseHold(tx, transfer.holdId, 'voided', now);
    return toTransfer(await repo.setTransferStatus(tx, transfer.id, 'cancelled', now));
  });
}

/** Settles transfers whose window has passed; each in its own transaction, racing cancels safely. */
export async function settleDueTransfers(deps: WalletDeps, onSettled?: (transfer: WalletTransferRow) => void): Promise<number> {
  const now = deps.clock.now();
  let settled = 0;
  for (const id of await repo.dueTransferIds(deps.db, now, 500)) {
    const done = await inTransaction(deps.db, async (tx) => {
      const transfer = await repo.lockTransfer(tx, id);
      if (transfer?.status !== 'pending') return null;
      return settleLocked(deps, tx, transfer, now);
    });
    if (done) {
      settled++;
      onSettled?.(done);
    }
  }
  return settled;
}

export async function listTransfers(deps: WalletDeps, userId: number, query: { pageNum: number; pageSize: number }): Promise<Page<Transfer>> {
  const { rows, total } = await repo.userTransfers(deps.db, userId, pageOf(query));
  return pageAnswer(rows.map(toTransfer), total, query);
}
