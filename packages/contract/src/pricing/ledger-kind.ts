/**
 * Every kind of journal entry the server posts (ledger.post callers). The wire's `kind` fields are
 * typed with ledgerKindSchema (../ledger-kind.ts); the web names each kind from this list, so a
 * kind added here without a name fails the web's test.
 */
export const LedgerKind = {
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  Transfer: 'transfer',
  OrderOpen: 'order-open',
  /** A user's close, a take-profit or stop-loss, and a follow's term end. */
  OrderClose: 'order-close',
  Liquidation: 'liquidation',
  /** A futures position closed at its contract's expiry. */
  Expiry: 'expiry',
  MarginAdd: 'margin-add',
  IpoAllotment: 'ipo_allotment',
  IpoListing: 'ipo_listing',
  FollowFee: 'follow-fee',
  Correction: 'correction',
} as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];
export const ledgerKinds = Object.values(LedgerKind) as [LedgerKind, ...LedgerKind[]];
