import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * The proof a sensitive change carries (seed 000 §6): the organisation's ZPIN, or an emailed OTP
 * with its relay id. It travels inside the action's own request, which is where the server checks it.
 */
export type ZpinProof = { orgId: string; zpin: string };
export type OtpProof = { relayId: string; otp: string };
export type StepUpProof = ZpinProof | OtpProof;

export const isZpinProof = (proof: StepUpProof): proof is ZpinProof => 'zpin' in proof;

/** How the server refused a proof (docs/customer-api.md, Step-up), or null for any other failure. */
export type ProofProblem =
  | { kind: 'zpin-invalid'; attemptsLeft: number | null }
  | { kind: 'zpin-locked' }
  | { kind: 'zpin-missing' }
  | { kind: 'otp-invalid' }
  | { kind: 'otp-expired' }
  | { kind: 'proof-required' };

/** `details: [{path: 'attempts_left', message: 'n'}]`, when the client passes details on. */
function attemptsLeft(error: ApiError): number | null {
  const details: unknown = (error as ApiError & { details?: unknown }).details;
  if (!Array.isArray(details)) return null;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (path === 'attempts_left' && typeof message === 'string' && /^\d+$/.test(message)) return Number(message);
  }
  return null;
}

export function proofProblem(error: unknown): ProofProblem | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  switch (error.message) {
    case STEP_UP_MESSAGES.zpinInvalid:
      return { kind: 'zpin-invalid', attemptsLeft: attemptsLeft(error) };
    case STEP_UP_MESSAGES.zpinLocked:
      return { kind: 'zpin-locked' };
    case STEP_UP_MESSAGES.zpinMissing:
      return { kind: 'zpin-missing' };
    case STEP_UP_MESSAGES.otpInvalid:
    case STEP_UP_MESSAGES.otpInvalidCreation:
      return { kind: 'otp-invalid' };
    case STEP_UP_MESSAGES.otpExpired:
      return { kind: 'otp-expired' };
    case STEP_UP_MESSAGES.stepUpRequired:
      return { kind: 'proof-required' };
    default:
      return null;
  }
}
