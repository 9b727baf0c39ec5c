import { z } from 'zod';
import { isRecoveryCode, isTotpCode, normaliseOneTimeCode, TWO_FACTOR_MESSAGES } from './rules/one-time-code.js';
import { loginResponse } from './user.js';

/**
 * Two-factor sign-in (TOTP, RFC 6238) and the member's own sessions. The password step of the
 * seed's login is unchanged; a user with two-factor on gets a challenge instead of a token and
 * finishes with a code. Paths under /api:
 *
 *   POST   /user/login                       → LoginResponse, or TwoFactorChallenge
 *   POST   /user/login/two-factor            finish it (twoFactorLoginRequest) → LoginResponse (public)
 *   GET    /user/two-factor                  → TwoFactorStatus
 *   POST   /user/two-factor/setup            a new secret, not yet on → TwoFactorSetup
 *   POST   /user/two-factor/confirm          first code turns it on (twoFactorCodeRequest) → RecoveryCodes
 *   POST   /user/two-factor/recovery-codes   ten new codes, the old ones stop working (twoFactorCodeRequest) → RecoveryCodes
 *   DELETE /user/two-factor                  turn it off (twoFactorCodeRequest) → { message }
 *   GET    /organisation/{id}/two-factor     whether the organisation requires it → TwoFactorPolicy
 *   PUT    /organisation/{id}/two-factor     owners require it of every member (twoFactorPolicy) → TwoFactorPolicy
 *   GET    /user/sessions                    → SessionView[]
 *   DELETE /user/sessions/{id}               end one → { message }
 *   DELETE /user/sessions                    end every other one → { message }
 */
const code = z
  .string({ error: TWO_FACTOR_MESSAGES.codeEmpty })
  .transform(normaliseOneTimeCode)
  .refine((value) => value.length > 0, TWO_FACTOR_MESSAGES.codeEmpty)
  .refine((value) => isTotpCode(value) || isRecoveryCode(value), TWO_FACTOR_MESSAGES.codeShape);

export const twoFactorChallenge = z.strictObject({ two_factor: z.strictObject({ challenge: z.string() }) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
export const loginAnswer = z.union([loginResponse, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const twoFactorLoginRequest = z.strictObject({ challenge: z.string().min(16).max(128), code });
export const twoFactorCodeRequest = z.strictObject({ code });
export const totpConfirmRequest = z.strictObject({ code: z.string().trim().refine(isTotpCode, TWO_FACTOR_MESSAGES.totpShape) });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
  /** Organisations of the user that require two-factor sign-in of every member. */
  required_by: z.array(z.string()),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const twoFactorPolicy = z.strictObject({ required: z.boolean({ error: 'required must be true or false' }) });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;

export const sessionView = z.object({
  id: z.string(),
  browser: z.string(),
  ip: z.string(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionIdParam = z.strictObject({ id: z.uuid({ error: TWO_FACTOR_MESSAGES.sessionNotFound }) });
