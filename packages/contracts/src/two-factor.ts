import { z } from 'zod';
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
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const LOGIN_CHALLENGE_MINUTES = 5;
export const LOGIN_CHALLENGE_ATTEMPTS = 5;
export const TOTP_ISSUER = 'Verigate';

const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

export const TWO_FACTOR_MESSAGES = {
  codeEmpty: 'Enter the code',
  codeShape: 'Enter the 6-digit code from your authenticator app, or a recovery code (xxxxx-xxxxx)',
  totpShape: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not valid. Enter the code your authenticator app shows now, or an unused recovery code.',
  challengeExpired: 'Your sign-in took too long or had too many wrong codes. Sign in again.',
  notSetUp: 'Two-factor sign-in is not set up: start the set-up first',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  turnedOff: 'Two-factor sign-in is off',
  requiredBy: (organisation: string) => `${organisation} requires two-factor sign-in: set it up under Security to continue`,
  cannotTurnOff: (organisation: string) => `${organisation} requires two-factor sign-in, so it cannot be turned off`,
  ownRequirementFirst: 'Set up two-factor sign-in for yourself before you require it of every member',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Every other session has ended',
  sessionNotFound: 'Session not found',
} as const;

/** As typed, with spaces and capitals: recovery codes are lower case, and apps show codes in groups. */
export const normaliseOneTimeCode = (value: string) => value.trim().toLowerCase().replace(/\s+/g, '');
export const isTotpCode = (value: string) => TOTP_CODE.test(value);
export const isRecoveryCode = (value: string) => RECOVERY_CODE.test(value);

const code = z
  .string({ error: TWO_FACTOR_MESSAGES.codeEmpty })
  .transform(normaliseOneTimeCode)
  .refine((value) => value.length > 0, TWO_FACTOR_MESSAGES.codeEmpty)
  .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), TWO_FACTOR_MESSAGES.codeShape);

export const twoFactorChallenge = z.strictObject({ two_factor: z.strictObject({ challenge: z.string() }) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
export const loginAnswer = z.union([loginResponse, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const twoFactorLoginRequest = z.strictObject({ challenge: z.string().min(16).max(128), code });
export const twoFactorCodeRequest = z.strictObject({ code });
export const totpConfirmRequest = z.strictObject({ code: z.string().trim().regex(TOTP_CODE, TWO_FACTOR_MESSAGES.totpShape) });

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
