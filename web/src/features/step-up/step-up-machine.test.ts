import { STEP_UP_MESSAGES, WRONG_ZPIN_LIMIT } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import type { ProofProblem } from './proof-problem';
import { initialStepUpState, otpVerdict, stepUpMachine, type StepUpEvent, type StepUpState } from './step-up-machine';

const run = (state: StepUpState, ...events: StepUpEvent[]) => events.reduce(stepUpMachine, state);
const opened = (exists: boolean, wrongZpins = 0) => run(initialStepUpState(wrongZpins), { type: 'zpin-looked-up', exists });
const wrongZpin = (attemptsLeft: number | null = null): StepUpEvent => ({ type: 'zpin-refused', problem: { kind: 'zpin-invalid', attemptsLeft } });

describe('the step-up popup as it opens', () => {
  it('checks for a ZPIN first', () => {
    expect(initialStepUpState(0).stage).toEqual({ name: 'checking' });
  });

  it('asks for the ZPIN when the organisation has one', () => {
    expect(opened(true)).toEqual({ stage: { name: 'zpin', refusal: null }, zpinExists: true, locked: false, wrongZpins: 0 });
  });

  it('asks for an OTP, offering to create a ZPIN, when there is none', () => {
    const state = opened(false);
    expect(state.stage).toEqual({ name: 'otp', notice: null });
    expect(state.zpinExists).toBe(false);
    expect(run(state, { type: 'choose-zpin', mode: 'create' }).stage).toEqual({ name: 'choose', mode: 'create', back: 'otp' });
  });

  it('goes straight to OTP, saying why, when an earlier popup used up the ZPIN attempts', () => {
    const state = opened(true, WRONG_ZPIN_LIMIT);
    expect(state.stage).toEqual({ name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked });
    expect(state.locked).toBe(true);
  });

  it('ignores a late lookup once the person has moved on', () => {
    const state = run(opened(true), { type: 'use-otp' });
    expect(stepUpMachine(state, { type: 'zpin-looked-up', exists: false })).toBe(state);
  });
});

describe('wrong ZPINs', () => {
  it('says the ZPIN is invalid and counts it', () => {
    const state = run(opened(true), wrongZpin());
    expect(state.stage).toEqual({ name: 'zpin', refusal: STEP_UP_MESSAGES.zpinInvalid });
    expect(state.wrongZpins).toBe(1);
  });

  it('falls back to OTP on the third wrong ZPIN, with Forgot ZPIN instead of Use ZPIN', () => {
    const state = run(opened(true), wrongZpin(), wrongZpin(), wrongZpin());
    expect(state.stage).toEqual({ name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked });
    expect(state).toMatchObject({ locked: true, wrongZpins: 3 });
    expect(stepUpMachine(state, { type: 'use-zpin' })).toBe(state);
    expect(run(state, { type: 'choose-zpin', mode: 'update' }).stage).toEqual({ name: 'choose', mode: 'update', back: 'otp' });
  });

  it("believes the server's count of attempts left over its own", () => {
    const state = run(opened(true), wrongZpin(0));
    expect(state.stage).toEqual({ name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked });

    const oneLeft = run(opened(true), wrongZpin(1));
    expect(oneLeft.wrongZpins).toBe(WRONG_ZPIN_LIMIT - 1);
    expect(oneLeft.stage.name).toBe('zpin');
    expect(run(oneLeft, wrongZpin()).stage.name).toBe('otp');
  });

  it('falls back to OTP when the server says the ZPIN is locked', () => {
    expect(run(opened(true), { type: 'zpin-refused', problem: { kind: 'zpin-locked' } })).toMatchObject({
      locked: true,
      stage: { name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked },
    });
  });

  it('moves to OTP with Create ZPIN when the ZPIN was removed meanwhile', () => {
    expect(run(opened(true), { type: 'zpin-refused', problem: { kind: 'zpin-missing' } })).toMatchObject({
      zpinExists: false,
      stage: { name: 'otp', notice: null },
    });
  });

  it('shows any other refusal on the ZPIN entry', () => {
    expect(run(opened(true), { type: 'zpin-refused', problem: { kind: 'proof-required' } }).stage).toEqual({
      name: 'zpin',
      refusal: STEP_UP_MESSAGES.stepUpRequired,
    });
  });

  it('forgets the count once a proof is accepted (an OTP lifts the lock)', () => {
    expect(run(opened(true), wrongZpin(), wrongZpin(), { type: 'proof-accepted' }).wrongZpins).toBe(0);
  });
});

describe('switching between ZPIN and OTP', () => {
  it('Use OTP leaves the ZPIN entry; Use ZPIN comes back to a clean one', () => {
    const otp = run(opened(true), wrongZpin(), { type: 'use-otp' });
    expect(otp.stage).toEqual({ name: 'otp', notice: null });
    expect(run(otp, { type: 'use-zpin' }).stage).toEqual({ name: 'zpin', refusal: null });
  });

  it('offers no ZPIN entry to an organisation without a ZPIN', () => {
    const state = opened(false);
    expect(stepUpMachine(state, { type: 'use-zpin' })).toBe(state);
  });
});

describe('creating or resetting the ZPIN', () => {
  it('Forgot ZPIN → choose → confirm with an OTP → saved → ZPIN entry', () => {
    const chosen = run(opened(true), wrongZpin(), { type: 'choose-zpin', mode: 'update' }, { type: 'zpin-chosen', zpin: '2468' });
    expect(chosen.stage).toEqual({ name: 'confirm-otp', mode: 'update', zpin: '2468', back: 'zpin' });

    const saved = run(chosen, { type: 'zpin-saved' });
    expect(saved).toEqual({ stage: { name: 'saved', mode: 'update' }, zpinExists: true, locked: false, wrongZpins: 0 });
    expect(run(saved, { type: 'saved-shown' }).stage).toEqual({ name: 'zpin', refusal: null });
  });

  it('a created ZPIN unlocks the ZPIN entry of an organisation that had none', () => {
    const state = run(
      opened(false),
      { type: 'choose-zpin', mode: 'create' },
      { type: 'zpin-chosen', zpin: '1357' },
      { type: 'zpin-saved' },
      { type: 'saved-shown' },
    );
    expect(state).toMatchObject({ zpinExists: true, stage: { name: 'zpin' } });
  });

  it('Back steps from the OTP to the choice, and from the choice to where it started', () => {
    const fromOtp = run(opened(false), { type: 'choose-zpin', mode: 'create' }, { type: 'zpin-chosen', zpin: '1357' }, { type: 'back' });
    expect(fromOtp.stage).toEqual({ name: 'choose', mode: 'create', back: 'otp' });
    expect(run(fromOtp, { type: 'back' }).stage).toEqual({ name: 'otp', notice: null });

    const fromZpin = run(opened(true), { type: 'choose-zpin', mode: 'update' }, { type: 'back' });
    expect(fromZpin.stage).toEqual({ name: 'zpin', refusal: null });
  });

  it('ignores events that do not belong to the current stage', () => {
    const state = opened(true);
    for (const event of [{ type: 'zpin-saved' }, { type: 'saved-shown' }, { type: 'back' }, { type: 'zpin-chosen', zpin: '1111' }] as const) {
      expect(stepUpMachine(state, event)).toBe(state);
    }
  });
});

describe('the verdict an OTP entry shows', () => {
  it.each<[ProofProblem | null, ReturnType<typeof otpVerdict>]>([
    [{ kind: 'otp-invalid' }, 'invalid'],
    [{ kind: 'otp-expired' }, { needsNewCode: STEP_UP_MESSAGES.otpExpired }],
    [{ kind: 'otp-used-up' }, { needsNewCode: STEP_UP_MESSAGES.otpUsedUp }],
    [{ kind: 'proof-required' }, { message: STEP_UP_MESSAGES.stepUpRequired }],
    [null, { message: 'Something went wrong!' }],
  ])('%j → %j', (problem, verdict) => {
    expect(otpVerdict(problem, 'Something went wrong!')).toEqual(verdict);
  });
});
