import { LedgerKind } from '@tradewind/contract';

/**
 * The app's name (a key of the global `bill` texts) for each kind of ledger entry the server posts.
 * Typed by the contract's LedgerKind: a kind added there without a name here does not compile.
 */
const kindKeys = {
  [LedgerKind.Deposit]: 'bill.kindDeposit',
  [LedgerKind.Withdrawal]: 'bill.kindWithdrawal',
  [LedgerKind.Transfer]: 'bill.kindTransfer',
  [LedgerKind.OrderOpen]: 'bill.kindOrderOpen',
  [LedgerKind.OrderClose]: 'bill.kindOrderClose',
  [LedgerKind.Liquidation]: 'bill.kindLiquidation',
  [LedgerKind.Expiry]: 'bill.kindExpiry',
  [LedgerKind.MarginAdd]: 'bill.kindMarginAdd',
  [LedgerKind.IpoAllotment]: 'bill.kindIpoAllotment',
  [LedgerKind.IpoListing]: 'bill.kindIpoListing',
  [LedgerKind.FollowFee]: 'bill.kindFollowFee',
  [LedgerKind.Correction]: 'bill.kindCorrection',
} as const satisfies Record<LedgerKind, `bill.${string}`>;

export type LedgerKindKey = (typeof kindKeys)[LedgerKind] | 'bill.kindOther';

/** A kind this app does not know yet (a newer server) is named "Other" rather than shown as a code. */
export function ledgerKindKey(kind: string): LedgerKindKey {
  return Object.hasOwn(kindKeys, kind) ? kindKeys[kind as LedgerKind] : 'bill.kindOther';
}
