import type { z } from 'zod';
import type { OTP_PURPOSES, otpProof, zpinProof } from './step-up.js';

/** What an emailed OTP is for: creating the ZPIN, replacing it, or confirming one sensitive change. */
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export type ZpinProof = z.infer<typeof zpinProof>;
export type OtpProof = z.infer<typeof otpProof>;
/** The proof a sensitive change carries in its own request body: the organisation's ZPIN, or an emailed OTP. */
export type StepUpProof = ZpinProof | OtpProof;
