import { z } from 'zod';
import { walletTypes } from './codes.js';
import { amountSchema, currencies } from './money.js';

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuery = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A manual credit by the back office (a deposit received outside the app, a goodwill adjustment): audited. */
export const adminCreditBody = z.strictObject({
  walletType: z.enum(walletTypes),
  currency: z.enum(currencies).optional(),
  amount: amountSchema,
  reason: z.string().trim().min(3).max(200),
});
/**
 * A correction by the back office: a new ledger entry with its reason (nothing posted is ever edited);
 * `credit` adds to the wallet, `debit` takes from it (never below what is available). Audited.
 */
export const adminCorrectionBody = z.strictObject({
  walletType: z.enum(walletTypes),
  currency: z.enum(currencies).optional(),
  direction: z.enum(['credit', 'debit']),
  amount: amountSchema,
  reason: z.string().trim().min(3).max(200),
});
export const adminCorrectionSchema = z.object({ entryId: z.number().int() });
export const adminCreditParams = z.strictObject({ id: z.coerce.number().int().positive() });

/**
 * The ledger checked against DESIGN §4 (`GET /admin/ledger/audit`, `npm run audit-ledger`): each count is
 * of rows breaking one invariant, each total the sum of every posting in that currency (0 when money
 * neither appeared nor vanished). `sound` is true when all of them are 0.
 */
export const ledgerAuditSchema = z.object({
  unbalancedEntries: z.number().int(),
  accountsOffTheirPostings: z.number().int(),
  negativeUserAccounts: z.number().int(),
  frozenNotMatchingHolds: z.number().int(),
  totalsByCurrency: z.record(z.string(), z.number().int()),
  sound: z.boolean(),
  checkedAtTimestamp: z.number().int(),
});
export type LedgerAuditReport = z.infer<typeof ledgerAuditSchema>;
