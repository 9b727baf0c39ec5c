import { z } from 'zod';
import { otpRules, zpinRules } from './rules/step-up.js';
import { ruleString } from './rules/rule.js';

const uuid = z.uuid({ error: 'is not a valid id' });

/** Proof for a sensitive change: the organisation's ZPIN, or an emailed OTP with its relay id. */
export const zpinProof = z.strictObject({ orgId: uuid, zpin: ruleString(zpinRules) });
export const otpProof = z.strictObject({ relayId: uuid, otp: ruleString(otpRules) });

export const OTP_PURPOSES = ['zpin_create', 'zpin_update', 'step_up'] as const;
export const sendOtpRequest = z.strictObject({ purpose: z.enum(OTP_PURPOSES, { error: 'Unknown purpose' }) });
export const resendOtpRequest = z.strictObject({ relay_id: uuid });

/** POST /zpin */
export const createZpinRequest = z.strictObject({ zpin: ruleString(zpinRules), orgId: uuid, relayId: uuid, otp: ruleString(otpRules) });
/** PUT /zpin/{orgId} */
export const updateZpinRequest = z.strictObject({ zpin: ruleString(zpinRules), relayId: uuid, otp: ruleString(otpRules) });

/** Adds the step-up proof (ZPIN or OTP) to an action's body schema. */
export function withStepUp<T extends z.ZodRawShape>(shape: T) {
  return z.union([z.strictObject({ ...shape, ...zpinProof.shape }), z.strictObject({ ...shape, ...otpProof.shape })], {
    error: 'Verify with your ZPIN or an OTP to continue',
  });
}
