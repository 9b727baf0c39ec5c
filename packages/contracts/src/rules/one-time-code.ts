/**
 * One-time codes of two-factor sign-in, without zod: the login screen checks a code as the server
 * does and stays light.
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
