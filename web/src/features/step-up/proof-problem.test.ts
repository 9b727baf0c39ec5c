import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { proofProblem } from './proof-problem';

describe('reading how the server refused a proof', () => {
  it("reads the ZPIN attempts left from the envelope's details", () => {
    const error = new ApiError(STEP_UP_MESSAGES.zpinInvalid, 400, 'bad_request', [{ path: 'attempts_left', message: '1' }]);
    expect(proofProblem(error)).toEqual({ kind: 'zpin-invalid', attemptsLeft: 1 });
  });

  it('has no count when the server sent none, or sent something else', () => {
    expect(proofProblem(new ApiError(STEP_UP_MESSAGES.zpinInvalid, 400))).toEqual({ kind: 'zpin-invalid', attemptsLeft: null });
    const odd = new ApiError(STEP_UP_MESSAGES.zpinInvalid, 400, 'bad_request', [{ path: 'attempts_left', message: 'many' }]);
    expect(proofProblem(odd)).toEqual({ kind: 'zpin-invalid', attemptsLeft: null });
  });

  it.each([
    [STEP_UP_MESSAGES.zpinLocked, 'zpin-locked'],
    [STEP_UP_MESSAGES.zpinMissing, 'zpin-missing'],
    [STEP_UP_MESSAGES.otpInvalid, 'otp-invalid'],
    [STEP_UP_MESSAGES.otpInvalidCreation, 'otp-invalid'],
    [STEP_UP_MESSAGES.otpExpired, 'otp-expired'],
    [STEP_UP_MESSAGES.otpUsedUp, 'otp-used-up'],
    [STEP_UP_MESSAGES.stepUpRequired, 'proof-required'],
  ])('%s → %s', (message, kind) => {
    expect(proofProblem(new ApiError(message, 400))?.kind).toBe(kind);
  });

  it('is no proof problem when the action failed for another reason', () => {
    expect(proofProblem(new ApiError('Disable the key before deleting one.', 409))).toBeNull();
    expect(proofProblem(new ApiError(STEP_UP_MESSAGES.zpinInvalid, 500))).toBeNull();
    expect(proofProblem(new Error(STEP_UP_MESSAGES.zpinInvalid))).toBeNull();
  });
});
