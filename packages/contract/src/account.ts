import { z } from 'zod';
import { KycStatus } from './codes.js';

/** SPEC §5 and §9: password 6 to 20 characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const EMAIL_CODE_LENGTH = 6;
export const TEXT_FIELD_MAX = 50;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const emailCodeSchema = z.string().regex(/^\d{6}$/, 'must be 6 digits');
export const inviteCodeSchema = z.string().trim().regex(/^[A-Za-z0-9]{1,6}$/, 'must be at most 6 letters or digits');

/**
 * A phone number with its country code, E.164-ish: `+`, a country code that does not start with 0,
 * then 7 to 15 digits in all; a space, dash, dot or bracket may sit between digits
 * (`+44 20 7946 0000`, `+1 (415) 555-0101`). Stored as `+` and the digits (`normalizePhone`).
 */
export const PHONE_PATTERN = /^\+[1-9](?:[ \-.()]{0,2}\d){6,14}$/;
export const PHONE_TEXT_MAX = 32;
export const normalizePhone = (phone: string): string => phone.replace(/[^\d+]/g, '');

export const EmailCodePurpose = { Register: 'register', Reset: 'reset' } as const;
export type EmailCodePurpose = (typeof EmailCodePurpose)[keyof typeof EmailCodePurpose];

export const getEmailCodeBody = z.strictObject({
  email: emailSchema,
  type: z.enum([EmailCodePurpose.Register, EmailCodePurpose.Reset]),
});

export const registerEmailBody = z.strictObject({
  email: emailSchema,
  code: emailCodeSchema,
  password: passwordSchema,
  inviteCode: inviteCodeSchema.optional(),
});

export const loginBody = z.strictObject({
  username: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});

export const resetPasswordBody = z.strictObject({
  email: emailSchema,
  code: emailCodeSchema,
  password: passwordSchema,
});

export const updatePasswordBody = z.strictObject({
  oldPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

export const settingPayPasswordBody = z.strictObject({ payPassword: passwordSchema });

export const updatePayPasswordBody = z.strictObject({
  oldPayPassword: z.string().min(1).max(PASSWORD_MAX),
  payPassword: passwordSchema,
});

export const emptyBody = z.strictObject({});

/** Profile › Phone: a number with its country code, or '' to remove it. */
export const updatePhoneBody = z.strictObject({
  phone: z
    .string()
    .trim()
    .max(PHONE_TEXT_MAX)
    .regex(new RegExp(`^$|${PHONE_PATTERN.source}`), 'must be a phone number with a country code'),
});
export type UpdatePhoneBody = z.infer<typeof updatePhoneBody>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  invitedBy: z.string().nullable(),
  kycStatus: z.enum(KycStatus),
  payPasswordSet: z.boolean(),
  role: z.enum(['user', 'admin']),
  /** Trading and block-trading permission: 0 none, 1 under review, 2 refused, 3 granted. */
  tradePermission: z.number().int(),
  blockTradePermission: z.number().int(),
  createTimeTimestamp: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export type GetEmailCodeBody = z.infer<typeof getEmailCodeBody>;
export type RegisterEmailBody = z.infer<typeof registerEmailBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;
export type SettingPayPasswordBody = z.infer<typeof settingPayPasswordBody>;
export type UpdatePayPasswordBody = z.infer<typeof updatePayPasswordBody>;

/** The referral summary of the Account area: the caller's code and how many people registered with it. */
export const referralSummarySchema = z.object({
  inviteCode: z.string(),
  invitedCount: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** One signed-in device of the caller (Settings › Security); `current` is the session making the call. */
export const deviceSessionSchema = z.object({
  id: z.number().int(),
  userAgent: z.string(),
  ip: z.string(),
  createTimeTimestamp: z.number().int(),
  lastSeenTimestamp: z.number().int(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const revokeSessionBody = z.strictObject({ id: z.number().int().positive() });
export type RevokeSessionBody = z.infer<typeof revokeSessionBody>;

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;
