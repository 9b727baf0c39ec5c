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

export const otpRules: readonly Rule[] = [
  notEmpty(STEP_UP_MESSAGES.otpEmpty),
  matches(/^\d*$/, STEP_UP_MESSAGES.otpNotNumeric),
  matches(/^\d{6}$/, STEP_UP_MESSAGES.otpInvalid),
];
