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
