import { z } from 'zod';
import { sessionSchema } from './account.js';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 30 s, 6 digits) and ten
 * single-use recovery codes. See docs/statements-and-2fa.md.
 */

export const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, 'must be 6 digits');
/** `xxxxx-xxxxx` from the base32 alphabet, any case, the dash optional. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/, 'must be a recovery code like abcde-fghij');

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** A secret was created and waits for its first code. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The back office requires it of admins (ADMIN_REQUIRE_TOTP) and this account is an admin. */
  requiredForRole: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…` for the QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmBody = z.strictObject({ code: totpCodeSchema });
export const twoFactorRecoveryCodesSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/** Turning it off takes the password and a current code (or a recovery code). */
export const twoFactorDisableBody = z
  .strictObject({ password: z.string().min(1).max(128), code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { message: 'give either code or recoveryCode', path: ['code'] });

/** What `POST /loginByUsername` answers instead of a session when the account has two-factor sign-in. */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Short-lived, single use; send it with the code to `POST /loginByUsername/twoFactor`. */
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** A session (no second factor) or a challenge (second factor required). */
export const loginAnswerSchema = z.union([sessionSchema, loginChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const loginSecondFactorBody = z
  .strictObject({ challenge: z.string().min(1).max(100), code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { message: 'give either code or recoveryCode', path: ['code'] });

export type LoginSecondFactorBody = z.infer<typeof loginSecondFactorBody>;

export const isLoginChallenge = (answer: LoginAnswer): answer is LoginChallenge => 'twoFactorRequired' in answer;
