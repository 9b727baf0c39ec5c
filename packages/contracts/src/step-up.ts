import { z } from 'zod';
import { newZpinRules, otpRules, zpinRules } from './rules/step-up.js';
import { ruleString } from './rules/rule-string.js';

const uuid = z.uuid({ error: 'is not a valid id' });

/** Proof for a sensitive change: the organisation's ZPIN, or an emailed OTP with its relay id. */
export const zpinProof = z.strictObject({ orgId: uuid, zpin: ruleString(zpinRules) });
export const otpProof = z.strictObject({ relayId: uuid, otp: ruleString(otpRules) });
export type StepUpProof = z.infer<typeof zpinProof> | z.infer<typeof otpProof>;

export const OTP_PURPOSES = ['zpin_create', 'zpin_update', 'step_up'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const sendOtpRequest = z.strictObject({ purpose: z.enum(OTP_PURPOSES, { error: 'Unknown purpose' }) });
export const resendOtpRequest = z.strictObject({ relay_id: uuid });

/** POST /zpin */
export const createZpinRequest = z.strictObject({ zpin: ruleString(newZpinRules), orgId: uuid, relayId: uuid, otp: ruleString(otpRules) });
/** PUT /zpin/{orgId} */
export const updateZpinRequest = z.strictObject({ zpin: ruleString(newZpinRules), relayId: uuid, otp: ruleString(otpRules) });

/** Adds the step-up proof (ZPIN or OTP) to an action's body schema. */
export function withStepUp<T extends z.ZodRawShape>(shape: T) {
  return z.union([z.strictObject({ ...shape, ...zpinProof.shape }), z.strictObject({ ...shape, ...otpProof.shape })], {
    error: 'Verify with your ZPIN or an OTP to continue',
  });
}

/** POST /events?action=send_otp */
export const otpSent = z.strictObject({ relay_id: z.string(), message: z.string() });
export type OtpSent = z.infer<typeof otpSent>;
/** POST /events?action=resend_otp */
export const otpResent = z.strictObject({ relay_id: z.string(), resends_left: z.number().int() });
export type OtpResent = z.infer<typeof otpResent>;
/** GET /zpin/{orgId}: when the ZPIN was last set, or null while the organisation has none. */
export const zpinState = z.strictObject({ updatedAt: z.number() }).nullable();
export type ZpinState = z.infer<typeof zpinState>;
