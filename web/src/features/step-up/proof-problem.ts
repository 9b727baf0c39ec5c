import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { ApiError } from '@/lib/api/client';

/** How the server refused a proof (docs/customer-api.md, Step-up), or null for any other failure. */
export type ProofProblem =
  | { kind: 'zpin-invalid'; attemptsLeft: number | null }
  | { kind: 'zpin-locked' }
  | { kind: 'zpin-missing' }
  | { kind: 'otp-invalid' }
  | { kind: 'otp-expired' }
  | { kind: 'otp-used-up' }
  | { kind: 'proof-required' };

/** The server's count of the ZPIN attempts left (`details: [{path: 'attempts_left', message: '2'}]`). */
function attemptsLeft(error: ApiError): number | null {
  const left = error.detail('attempts_left');
  return left !== undefined && /^\d+$/.test(left) ? Number(left) : null;
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
    case STEP_UP_MESSAGES.otpUsedUp:
      return { kind: 'otp-used-up' };
    case STEP_UP_MESSAGES.stepUpRequired:
      return { kind: 'proof-required' };
    default:
      return null;
  }
}
