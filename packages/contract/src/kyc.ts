import { z } from 'zod';
import { ReviewStatus } from './codes.js';
import { applicantSchema } from './funding.js';

const name = z.string().trim().min(1).max(50);

/** SPEC §7 `/updateReal`: identity verification with document images uploaded first. */
export const updateRealBody = z
  .strictObject({
    firstName: name,
    lastName: name,
    country: z.string().trim().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
    documentType: z.enum(['idcard', 'passport']),
    documentNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,30}$/, 'must be 4 to 30 letters, digits or dashes'),
    frontUrl: z.string().max(200),
    backUrl: z.string().max(200).optional(),
  })
  .refine((body) => body.documentType === 'passport' || body.backUrl !== undefined, { message: 'is required for an ID card', path: ['backUrl'] });

export const kycApplicationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  documentType: z.enum(['idcard', 'passport']),
  documentNumber: z.string(),
  frontUrl: z.string(),
  backUrl: z.string().nullable(),
  status: z.union([z.literal(ReviewStatus.Pending), z.literal(ReviewStatus.Failed), z.literal(ReviewStatus.Passed)]),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
  /** Back office only: the applicant's e-mail and name. */
  applicant: applicantSchema.optional(),
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;

/** A country: ISO 3166 alpha-2 code, English name, dialling code and its flag (an emoji, drawn by the device). */
export const areaSchema = z.object({ code: z.string(), name: z.string(), dialCode: z.string(), flag: z.string() });
export type Area = z.infer<typeof areaSchema>;

export const PermissionKind = { Trading: 'trading', BlockTrade: 'blockTrade' } as const;
export const applyServiceBody = z.strictObject({ type: z.enum([PermissionKind.Trading, PermissionKind.BlockTrade]).default(PermissionKind.BlockTrade) });
export const permissionApplicationSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  /** The user's name (from their verified identity; empty before). */
  name: z.string().optional(),
  kind: z.enum([PermissionKind.Trading, PermissionKind.BlockTrade]),
  status: z.number().int(),
});
export const permissionReviewParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  kind: z.enum([PermissionKind.Trading, PermissionKind.BlockTrade]),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
  kycStatus: z.number().int(),
  tradePermission: z.number().int(),
  blockTradePermission: z.number().int(),
  blocked: z.boolean(),
  createTimeTimestamp: z.number().int(),
});
export const adminUsersQuery = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().nullable(),
  action: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createTimeTimestamp: z.number().int(),
});
