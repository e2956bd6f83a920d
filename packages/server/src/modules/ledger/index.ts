export { auditLedger, ledgerAuditReport, ledgerViolations } from './ledger-invariants.js';
export { findIdempotencyKey, lockAccounts, memoColumns, memoIn, userAccounts, userPostings } from './ledger.repository.js';
export type { LocalizedText } from './ledger.repository.js';
export { SystemAccount, creditDeposit, hold, idempotencyRequest, idempotent, inTransaction, isRetryable, post, postCorrection, releaseHold, storedAnswer, systemAccount, walletAccount } from './ledger.service.js';
export type { AfterCommit } from './ledger.service.js';
