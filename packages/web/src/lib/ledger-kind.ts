/** The app's name (a key of the global `bill` texts) for each kind of ledger entry the server posts. */
const kindKeys = {
  deposit: 'bill.kindDeposit',
  withdrawal: 'bill.kindWithdrawal',
  transfer: 'bill.kindTransfer',
  'order-open': 'bill.kindOrderOpen',
  'order-close': 'bill.kindOrderClose',
  liquidation: 'bill.kindLiquidation',
  expiry: 'bill.kindExpiry',
  'margin-add': 'bill.kindMarginAdd',
  ipo_allotment: 'bill.kindIpoAllotment',
  ipo_listing: 'bill.kindIpoListing',
  'follow-fee': 'bill.kindFollowFee',
  take_profit: 'bill.kindTakeProfit',
  stop_loss: 'bill.kindStopLoss',
  correction: 'bill.kindCorrection',
} as const;

export type LedgerKindKey = (typeof kindKeys)[keyof typeof kindKeys] | 'bill.kindOther';

/** A kind this app does not know yet is named "Other" rather than shown as a code. */
export function ledgerKindKey(kind: string): LedgerKindKey {
  return kind in kindKeys ? kindKeys[kind as keyof typeof kindKeys] : 'bill.kindOther';
}
