import { z } from 'zod';
import { ReviewStatus } from './codes.js';
import { amountSchema, currencies } from './money.js';

/** SPEC §9: minimum deposit 1; crypto deposits count after 3 network confirmations. */
export const DEPOSIT_MIN = 1;
export const DEPOSIT_CONFIRMATIONS = 3;

export const depositChannelSchema = z.object({
  id: z.number().int(),
  type: z.enum(['fiat', 'crypto']),
  name: z.string(),
  /** The currency credited to the BALANCE wallet. */
  currency: z.enum(currencies),
  /** What the user sends: USD, EUR, USDT … */
  asset: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  swift: z.string().nullable(),
  minAmount: z.number(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

const reviewStatus = z.union([z.literal(ReviewStatus.Pending), z.literal(ReviewStatus.Failed), z.literal(ReviewStatus.Passed)]);

/** Who a queued record belongs to, for staff (the back office's queues). */
export const applicantSchema = z.object({ email: z.string(), name: z.string() });
export type Applicant = z.infer<typeof applicantSchema>;

export const createDepositBody = z.strictObject({
  channelId: z.coerce.number().int().positive(),
  amount: amountSchema,
  credentialUrl: z.string().max(200).optional(),
});

export const depositSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  currency: z.enum(currencies),
  amount: z.number(),
  credentialUrl: z.string(),
  /** SPEC §4 review status: 1 pending, 2 failed (see reason), 3 passed. */
  status: reviewStatus,
  reason: z.string().nullable(),
  confirmations: z.number().int(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
  userId: z.number().int(),
  /** Back office only: the owner's e-mail and name. */
  applicant: applicantSchema.optional(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const pageBody = z.strictObject({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const reviewQueueQuery = z.strictObject({
  status: z.coerce.number().int().refine((n) => n === 1 || n === 2 || n === 3, 'must be 1, 2 or 3').optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const approveDepositBody = z.strictObject({
  /** Network confirmations staff saw for a crypto deposit (at least 3). */
  confirmations: z.number().int().min(0).max(1_000_000).optional(),
});
export const rejectBody = z.strictObject({ reason: z.string().trim().min(2).max(200) });
export const reviewParams = z.strictObject({ id: z.coerce.number().int().positive() });

/** Payment methods (SPEC §7 UserAccount): bank cards and digital-currency wallets. */
export const cryptoNetworks = ['TRC20', 'ERC20', 'BTC'] as const;
export type CryptoNetwork = (typeof cryptoNetworks)[number];

const text50 = z.string().trim().min(1).max(50);
export const bankCardFields = z.strictObject({
  kind: z.literal('bank').default('bank'),
  bankName: text50,
  accountName: text50,
  cardNumber: z.string().trim().regex(/^[0-9A-Za-z ]{6,34}$/, 'must be 6 to 34 letters or digits'),
});
export const cryptoWalletFields = z.strictObject({
  kind: z.literal('crypto'),
  currencyType: z.enum(['USDT', 'USDC', 'BTC']),
  network: z.enum(cryptoNetworks),
  address: z.string().trim().min(20).max(100),
});
export const paymentMethodBody = z.union([bankCardFields, cryptoWalletFields]);
export const updatePaymentMethodBody = z.union([
  bankCardFields.extend({ id: z.coerce.number().int().positive() }),
  cryptoWalletFields.extend({ id: z.coerce.number().int().positive() }),
]);
export const idBody = z.strictObject({ id: z.coerce.number().int().positive() });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['bank', 'crypto']),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  /** Masked: only the last four characters show. */
  cardNumber: z.string().nullable(),
  currencyType: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Required (6 digits) when the user has two-factor sign-in on; ignored otherwise. */
const totpCode = z.string().trim().regex(/^\d{6}$/, 'must be 6 digits').optional();

export const withdrawalApplyBody = z.strictObject({
  amount: amountSchema,
  cardId: z.coerce.number().int().positive(),
  payPassword: z.string().min(1).max(20),
  totpCode,
});
export const otherWithdrawalApplyBody = z.strictObject({
  amount: amountSchema,
  payPassword: z.string().min(1).max(20),
  method: paymentMethodBody,
  totpCode,
});

/** A withdrawal's status: the review statuses, and 4 when its owner cancelled it while pending (the hold voided). */
export const WithdrawalStatus = { ...ReviewStatus, Cancelled: 4 } as const;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currency: z.enum(currencies),
  amount: z.number(),
  status: z.union([reviewStatus, z.literal(WithdrawalStatus.Cancelled)]),
  reason: z.string().nullable(),
  /** Where the money goes, as the user saw it (masked). */
  destination: z.string(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
  /** When its owner cancelled it (status 4). */
  cancelTimeTimestamp: z.number().int().nullable().optional(),
  /** Back office only: the owner's e-mail and name. */
  applicant: applicantSchema.optional(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const usableWithdrawalSchema = z.object({ currency: z.enum(currencies), available: z.number() });

/** The full destination of a withdrawal, for the staff member paying it out (each view is audited). */
export const withdrawalDestinationSchema = paymentMethodSchema
  .omit({ id: true, createTimeTimestamp: true })
  .extend({ withdrawalId: z.number().int(), /** Unmasked. */ cardNumber: z.string().nullable() });
export type WithdrawalDestination = z.infer<typeof withdrawalDestinationSchema>;
