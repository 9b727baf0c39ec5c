import { matches, notEmpty, type Rule } from './rule.js';

export const ZPIN_LENGTH = 4;
export const OTP_LENGTH = 6;
export const OTP_RESEND_LIMIT = 3;
export const OTP_RESEND_WAIT_MS = 30_000;
export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const WRONG_ZPIN_LIMIT = 3;

export const STEP_UP_MESSAGES = {
  zpinNotNumeric: 'ZPIN should be numeric',
  zpinEmpty: 'ZPIN cannot be empty',
  zpinMismatch: 'Zpins do not match, please retry!',
  zpinWeak: 'This ZPIN is too easy to guess: avoid four equal digits, runs such as 1234 or 9876, and common PINs such as 1212 or 2580',
  zpinInvalid: 'Invalid zpin, please re-enter',
  zpinLocked: 'Too many wrong ZPIN attempts: verify with an OTP instead',
  zpinCreated: 'ZPIN successfully created',
  zpinUpdated: 'ZPIN successfully updated',
  zpinExists: 'A ZPIN already exists for this organisation',
  zpinMissing: 'Create a ZPIN first',
  otpNotNumeric: 'OTP should be numeric',
  otpEmpty: 'Otp cannot be empty',
  otpInvalid: 'OTP is invalid!, please re-enter',
  otpInvalidCreation: 'OTP Is not valid, please re-enter',
  otpExpired: 'OTP has expired, please request a new one',
  /** After OTP_MAX_ATTEMPTS wrong codes (the seeds name no limit): even the right code no longer passes. */
  otpUsedUp: 'Too many wrong attempts: this OTP is used up, please request a new one',
  otpResendExhausted: 'You have exhausted the resend OTP limit',
  otpResendWait: 'Please wait 30 seconds before requesting another OTP',
  otpSendLimit: 'Too many OTPs requested, please try again later',
  stepUpRequired: 'Verify with your ZPIN or an OTP to continue',
} as const;

export const zpinRules: readonly Rule[] = [
  notEmpty(STEP_UP_MESSAGES.zpinEmpty),
  matches(/^\d*$/, STEP_UP_MESSAGES.zpinNotNumeric),
  matches(/^\d{4}$/, STEP_UP_MESSAGES.zpinInvalid),
];

/**
 * PINs that people choose most often (published PIN-frequency studies): a stranger who tries these
 * before the third wrong attempt locks the ZPIN would open many teams' live keys.
 */
const COMMON_PINS: ReadonlySet<string> = new Set([
  '1212',
  '2580',
  '1004',
  '2000',
  '6969',
  '1122',
  '1313',
  '4545',
  '5683',
  '7777',
  '2001',
  '1010',
  '2222',
  '0852',
]);

/** Four equal digits, a run up or down (0123, 9876), or a common PIN. */
function isWeakZpin(zpin: string): boolean {
  if (!/^\d{4}$/.test(zpin)) return false;
  const steps = [...zpin].slice(1).map((digit, index) => Number(digit) - Number(zpin[index]));
  const run = steps.every((step) => step === steps[0]) && Math.abs(steps[0]!) <= 1;
  return run || COMMON_PINS.has(zpin);
}

/** A ZPIN being chosen (created or reset): the ZPIN rules, and not one a stranger would guess. */
export const newZpinRules: readonly Rule[] = [...zpinRules, { test: (zpin) => !isWeakZpin(zpin), message: STEP_UP_MESSAGES.zpinWeak }];

export const otpRules: readonly Rule[] = [
  notEmpty(STEP_UP_MESSAGES.otpEmpty),
  matches(/^\d*$/, STEP_UP_MESSAGES.otpNotNumeric),
  matches(/^\d{6}$/, STEP_UP_MESSAGES.otpInvalid),
];
