import { type BuyingPower, type BuyingPowerWallet, type Currency, fromMinor, type fundAndPlaceBody, type FundAndPlaceResult, type FundingPlan, type FundingSource, type HoldBreakdown, type HoldReason, type Transfer, valueInMinor, walletCurrencies, WalletType, walletTypes } from '@tradewind/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { pendingHolds } from './buying-power.repository.js';
import { findIdempotencyKey, inTransaction, userAccounts } from '../ledger/index.js';
import { conversionRate } from '../market/index.js';
import { addFollow } from '../follow/index.js';
import { type IpoDeps, subscribe } from '../ipo/index.js';
import { futuresOrderInput, openPositions, placeOrder, sourceFromPath, toPosition, tradableInstrument, type TradingDeps, walletFor } from '../trading/index.js';
import { createTransfer, type WalletDeps } from '../wallet/index.js';

/** There is no display-currency setting yet (nothing in the profile or settings): totals are in USD. */
export const DISPLAY_CURRENCY: Currency = 'USD';

const reasonOf = (referenceType: string): HoldReason => {
  switch (referenceType) {
    case 'order':
    case 'transfer':
    case 'withdrawal':
    case 'follow':
      return referenceType;
    case 'ipo_subscription':
      return 'ipo';
    default:
      return 'other';
  }
};

function addHold(into: Map<HoldReason, { amount: number; count: number }>, reason: HoldReason, amount: number, count: number) {
  const current = into.get(reason) ?? { amount: 0, count: 0 };
  into.set(reason, { amount: current.amount + amount, count: current.count + count });
}

const breakdown = (from: Map<HoldReason, { amount: number; count: number }>): HoldBreakdown[] =>
  [...from.entries()]
    .map(([reason, { amount, count }]) => ({ reason, amount: fromMinor(amount), count }))
    .sort((a, b) => b.amount - a.amount || a.reason.localeCompare(b.reason));

function displayRate(deps: WalletDeps, currency: string): number {
  const rate = conversionRate(deps.market, currency, DISPLAY_CURRENCY);
  if (rate === null) throw AppError.badRequest('fx.noRate', { from: currency, to: DISPLAY_CURRENCY });
  return rate;
}

/**
 * The whole account in the display currency: every wallet (balance, available, and why the rest is
 * held), open positions' margin and floating profit. Each amount is converted on its own and
 * rounded once; available is the converted balance less the converted holds, so the parts add up
 * to the total exactly.
 */
export async function buyingPower(deps: WalletDeps & { trading: TradingDeps }, userId: number): Promise<BuyingPower> {
  const accounts = await userAccounts(deps.db, userId);
  const holdRows = await pendingHolds(deps.db, userId);
  const totals = { available: 0, frozen: 0, pending: 0, margin: 0, floating: 0 };
  const totalHolds = new Map<HoldReason, { amount: number; count: number }>();

  const wallets: BuyingPowerWallet[] = walletTypes.flatMap((walletType) =>
    walletCurrencies[walletType].map((currency) => {
      const account = accounts.find((a) => a.walletType === walletType && a.currency === currency);
      const rate = displayRate(deps, currency);
      const own = new Map<HoldReason, { amount: number; count: number }>();
      let heldDisplay = 0;
      for (const row of holdRows.filter((h) => h.accountId === account?.id)) {
        const reason = reasonOf(row.referenceType);
        const amount = Number(row.amount);
        addHold(own, reason, amount, row.count);
        const converted = valueInMinor(amount, rate);
        addHold(totalHolds, reason, converted, row.count);
        heldDisplay += converted;
        if (reason === 'transfer') totals.pending += converted;
        else totals.frozen += converted;
      }
      const balance = account?.balance ?? 0;
      const frozen = account?.frozen ?? 0;
      const balanceDisplay = valueInMinor(balance, rate);
      const availableDisplay = balanceDisplay - heldDisplay;
      totals.available += availableDisplay;
      return {
        walletType,
        currency,
        balance: fromMinor(balance),
        available: fromMinor(balance - frozen),
        frozen: fromMinor(frozen),
        holds: breakdown(own),
        balanceDisplay: fromMinor(balanceDisplay),
        availableDisplay: fromMinor(availableDisplay),
      };
    }),
  );

  // Positions: margin and floating profit summed per currency in minor units, each sum converted once.
  const perCurrency = new Map<string, { margin: number; floating: number }>();
  for (const row of await openPositions(deps.db, { userId })) {
    const position = toPosition(deps.trading, row);
    const sums = perCurrency.get(row.currency) ?? { margin: 0, floating: 0 };
    sums.margin += row.margin;
    sums.floating += Math.round(position.profit * 100);
    perCurrency.set(row.currency, sums);
  }
  for (const [currency, sums] of perCurrency) {
    const rate = displayRate(deps, currency);
    totals.margin += valueInMinor(sums.margin, rate);
    totals.floating += valueInMinor(sums.floating, rate);
  }

  return {
    currency: DISPLAY_CURRENCY,
    totalEquity: fromMinor(totals.available + totals.frozen + totals.pending + totals.margin + totals.floating),
    available: fromMinor(totals.available),
    frozen: fromMinor(totals.frozen),
    pendingTransfers: fromMinor(totals.pending),
    positionMargin: fromMinor(totals.margin),
    floatingProfit: fromMinor(totals.floating),
    holds: breakdown(totalHolds),
    wallets,
  };
}

/** The smallest amount of `from` whose transfer credits at least `needMinor` (a transfer floors what arrives). */
export function amountToSend(needMinor: number, rate: number): number {
  let amount = Math.ceil(needMinor / rate);
  while (Math.floor(amount * rate) < needMinor) amount++;
  return amount;
}

/**
 * Where `amountMinor` more in `toWallet` can come from: each other wallet's currency with money
 * available, what it would have to send at the rate a transfer quotes now, and whether it can.
 */
export async function fundingPlan(deps: WalletDeps, userId: number, body: { toWallet: WalletType; amount: number }): Promise<FundingPlan> {
  const toCurrency = walletCurrencies[body.toWallet][0] as Currency;
  const accounts = await userAccounts(deps.db, userId);
  const sources: FundingSource[] = [];
  for (const account of accounts) {
    if (account.walletType === body.toWallet || account.walletType === null) continue;
    const available = account.balance - account.frozen;
    if (available <= 0) continue;
    const target = walletCurrencies[body.toWallet];
    const arrivesIn = target.includes(account.currency as Currency) ? account.currency : toCurrency;
    if (arrivesIn !== toCurrency) continue;
    const rate = conversionRate(deps.market, account.currency, toCurrency);
    if (rate === null) continue;
    const amount = amountToSend(body.amount, rate);
    sources.push({ fromWallet: account.walletType as WalletType, currency: account.currency as Currency, available: fromMinor(available), amount: fromMinor(amount), rate, enough: available >= amount });
  }
  // Funding first (that is where deposits land), then whoever covers it, then the most available (in the target's currency).
  const rank = (s: FundingSource) => (s.enough ? 0 : 2) + (s.fromWallet === WalletType.BALANCE ? 0 : 1);
  sources.sort((a, b) => rank(a) - rank(b) || b.available * b.rate - a.available * a.rate);
  return { toWallet: body.toWallet, toCurrency, amount: fromMinor(body.amount), sources };
}

type FundAndPlaceBody = z.output<typeof fundAndPlaceBody>;

function targetWallet(deps: TradingDeps, action: FundAndPlaceBody['action']): WalletType {
  switch (action.kind) {
    case 'ipo':
      return WalletType.SUBSCRIPTION;
    case 'follow':
      return WalletType.FOLLOW;
    case 'gold':
      return WalletType.FUTURE;
    case 'twStock':
      return WalletType.TW;
    case 'stock':
      return walletFor(tradableInstrument(deps, action.body).source).walletType;
  }
}

/**
 * One confirmed step: a transfer that settles at once into the wallet the action pays from, and
 * the action (an order, an IPO application, a follow), in ONE database transaction. If the action
 * is refused the transfer rolls back with it: the money never left the source wallet, and the
 * refusal names why. Each half stores its own idempotency key in that transaction, so a repeat of
 * either (a double click, a retry) replays the first answer instead of moving or placing twice.
 */
export async function fundAndPlace(
  deps: { wallet: WalletDeps; trading: TradingDeps; ipo: IpoDeps },
  user: { id: number; tradePermission: number },
  body: FundAndPlaceBody,
): Promise<FundAndPlaceResult> {
  const toWallet = targetWallet(deps.trading, body.action);
  // Funding a wallet from itself would only churn postings: the plain create call is the way then.
  if (body.transfer.fromWallet === toWallet) throw AppError.badRequest('validation.value', { field: 'transfer.fromWallet' });
  const { action } = body;
  return inTransaction(deps.wallet.db, async (tx) => {
    // A retry whose answer was lost may come with the same action key but a new transfer key (the
    // amount followed the price): the action is done, so moving money again would strand it.
    if ((await findIdempotencyKey(tx, user.id, action.idempotencyKey)) && !(await findIdempotencyKey(tx, user.id, body.transfer.idempotencyKey))) {
      throw AppError.conflict('fund.alreadyPlaced');
    }
    // Settles at once (settleSeconds 0): the money is spent in the same breath, so a window to cancel the move would only let the order fail.
    const transfer: Transfer = await createTransfer(
      { ...deps.wallet, db: tx, settleSeconds: 0 },
      user.id,
      { fromWallet: body.transfer.fromWallet, toWallet, amount: body.transfer.amount, ...(body.transfer.currency && { currency: body.transfer.currency }) },
      body.transfer.idempotencyKey,
    );
    const tradingDeps = { ...deps.trading, db: tx };
    switch (action.kind) {
      case 'stock':
      case 'twStock': {
        const source = sourceFromPath(action.kind === 'stock' ? '/stock/create' : '/twStock/create', action.body.source);
        return { transfer, order: await placeOrder(tradingDeps, user, { ...action.body, source }, action.idempotencyKey) };
      }
      case 'gold': {
        // Mapped by the same function as `/gold/create`, so both build the same order.
        return { transfer, order: await placeOrder(tradingDeps, user, futuresOrderInput(action.body), action.idempotencyKey) };
      }
      case 'ipo':
        return { transfer, subscription: await subscribe({ ...deps.ipo, db: tx }, user.id, action.body, action.idempotencyKey) };
      case 'follow':
        return { transfer, follow: await addFollow(tradingDeps, user.id, action.body, action.idempotencyKey, () => undefined) };
    }
  });
}
