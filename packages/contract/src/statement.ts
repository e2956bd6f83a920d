import { z } from 'zod';
import { walletTypes } from './codes.js';
import { ledgerKindSchema } from './ledger-kind.js';
import { currencies, MINOR_UNITS } from './money.js';

/**
 * The provable statement (`GET /statement`): for a period of whole UTC days, per wallet and currency the
 * opening balance, every posting of the ledger in the period and the closing balance, with a SHA-256
 * digest over a canonical serialisation (`statementCanonicalText`) that anyone can recompute.
 */

const DAY_MS = 86_400_000;
/** The longest period one statement covers (a leap year). */
export const STATEMENT_MAX_DAYS = 366;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'must be a real calendar date YYYY-MM-DD');

/** `from` and `to` are inclusive UTC days: the period is [from 00:00 UTC, the day after `to` 00:00 UTC). */
export const statementQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .superRefine((query, ctx) => {
    const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > STATEMENT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${STATEMENT_MAX_DAYS} days after from` });
  });
export type StatementQuery = z.infer<typeof statementQuery>;

/** Signed decimal with exactly two places, as the statement carries money: `-12.50`, `0.00`. */
const decimal = z.string().regex(/^-?\d+\.\d{2}$/);

export const statementPostingSchema = z.object({
  postingId: z.number().int(),
  /** The journal entry this posting belongs to; its other postings are the counter-accounts. */
  entryId: z.number().int(),
  /** ISO 8601 UTC with milliseconds. */
  time: z.string(),
  /** Signed: money into the wallet is positive. */
  amount: decimal,
  /** The entry's kind: one of LedgerKind. */
  kind: ledgerKindSchema,
  /** The entry's memo: the reason a back-office correction gives; often empty. */
  reason: z.string(),
  /** The other side of the entry: `system:<code>`, `wallet:<walletType>` (the user's own) or `user` (another customer); sorted. */
  counterAccounts: z.array(z.string()),
});
export type StatementPosting = z.infer<typeof statementPostingSchema>;

export const statementAccountSchema = z.object({
  walletType: z.enum(walletTypes),
  currency: z.enum(currencies),
  opening: decimal,
  postings: z.array(statementPostingSchema),
  closing: decimal,
});
export type StatementAccount = z.infer<typeof statementAccountSchema>;

export const statementSchema = z.object({
  version: z.literal(1),
  userId: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** ISO instants: the period is [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  accounts: z.array(statementAccountSchema),
  /** Lower-case hex SHA-256 of `statementCanonicalText(statement)` (UTF-8). */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  /** When it was produced (not part of the digest). */
  generatedAt: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementVerifyBody = z.strictObject({
  from: isoDate,
  to: isoDate,
  digest: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),
});
export const statementVerifySchema = z.object({
  /** The digest given equals the digest of the caller's ledger for that period now. */
  matches: z.boolean(),
  digest: z.string(),
});
export type StatementVerify = z.infer<typeof statementVerifySchema>;

/**
 * The exact text the digest is taken over: `JSON.stringify` (no whitespace; non-ASCII as UTF-8) of
 *
 *     ["tradewind-statement-v1", userId, from, to,
 *      [[walletType, currency, opening, [[postingId, entryId, time, amount, kind, reason, [counterAccounts…]] …], closing] …]]
 *
 * in the statement's own order. In Python: `json.dumps(value, separators=(',', ':'), ensure_ascii=False)`.
 */
export function statementCanonicalText(statement: Pick<Statement, 'userId' | 'from' | 'to' | 'accounts'>): string {
  return JSON.stringify([
    'tradewind-statement-v1',
    statement.userId,
    statement.from,
    statement.to,
    statement.accounts.map((account) => [
      account.walletType,
      account.currency,
      account.opening,
      account.postings.map((p) => [p.postingId, p.entryId, p.time, p.amount, p.kind, p.reason, p.counterAccounts]),
      account.closing,
    ]),
  ]);
}

/** Minor units to the statement's decimal text (`-1250` → `-12.50`), exact for any safe integer. */
export function minorToDecimal(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / MINOR_UNITS);
  const cents = String(abs % MINOR_UNITS).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** The statement's decimal text to exact minor units as a BigInt (no floating point anywhere). */
export function decimalToMinor(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a statement amount: ${text}`);
  const value = BigInt(match[2]!) * BigInt(MINOR_UNITS) + BigInt(match[3]!);
  return match[1] === '-' ? -value : value;
}

/** Opening + Σ postings = closing, computed from the statement's own figures. */
export function statementAccountAddsUp(account: Pick<StatementAccount, 'opening' | 'postings' | 'closing'>): boolean {
  const sum = account.postings.reduce((total, posting) => total + decimalToMinor(posting.amount), 0n);
  return decimalToMinor(account.opening) + sum === decimalToMinor(account.closing);
}
