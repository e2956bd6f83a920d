export { auditLedger, ledgerAuditReport, ledgerViolations } from './ledger-invariants.js';
export { findIdempotencyKey, lockAccounts, memoIn, userAccounts, userPostings } from './ledger.repository.js';
export type { LocalizedText } from './ledger.repository.js';
export { SystemAccount, creditDeposit, hold, idempotent, inTransaction, post, postCorrection, releaseHold, systemAccount, walletAccount } from './ledger.service.js';
export type { AfterCommit } from './ledger.service.js';
