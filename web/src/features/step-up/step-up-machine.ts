import { STEP_UP_MESSAGES, WRONG_ZPIN_LIMIT } from '@verigate/contracts';
import type { ProofProblem } from './proof-problem';

export type ZpinMode = 'create' | 'update';
/** The entry a ZPIN choice returns to on Back. */
type Entry = 'zpin' | 'otp';

/**
 * Where the authentication popup is (seed 000 §4): looking up the ZPIN, ZPIN entry, OTP entry,
 * choosing a new ZPIN, confirming it with an OTP, or showing that it was saved.
 */
export type StepUpStage =
  | { name: 'checking' }
  | { name: 'zpin'; refusal: string | null }
  | { name: 'otp'; notice: string | null }
  | { name: 'choose'; mode: ZpinMode; back: Entry }
  | { name: 'confirm-otp'; mode: ZpinMode; zpin: string; back: Entry }
  | { name: 'saved'; mode: ZpinMode };

export interface StepUpState {
  stage: StepUpStage;
  zpinExists: boolean;
  /** Too many wrong ZPINs: OTP entry offers Forgot ZPIN instead of Use ZPIN until a ZPIN is saved. */
  locked: boolean;
  /** Wrong ZPINs in a row, for the organisation (the caller keeps the count across popups). */
  wrongZpins: number;
}

export type StepUpEvent =
  | { type: 'zpin-looked-up'; exists: boolean }
  | { type: 'use-zpin' }
  | { type: 'use-otp' }
  /** Create ZPIN (none yet) or Forgot ZPIN: choose a new one. */
  | { type: 'choose-zpin'; mode: ZpinMode }
  | { type: 'zpin-chosen'; zpin: string }
  | { type: 'back' }
  | { type: 'proof-accepted' }
  | { type: 'zpin-refused'; problem: ProofProblem }
  | { type: 'zpin-saved' }
  | { type: 'saved-shown' };

export const initialStepUpState = (wrongZpins: number): StepUpState => ({
  stage: { name: 'checking' },
  zpinExists: false,
  locked: false,
  wrongZpins,
});

const zpinEntry: StepUpStage = { name: 'zpin', refusal: null };
const otpEntry: StepUpStage = { name: 'otp', notice: null };

/** The third wrong ZPIN (or the server's lock) falls back to OTP, saying why. */
const fallBackToOtp = (state: StepUpState): StepUpState => ({
  ...state,
  locked: true,
  stage: { name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked },
});

const PROBLEM_MESSAGES: Record<ProofProblem['kind'], string> = {
  'zpin-invalid': STEP_UP_MESSAGES.zpinInvalid,
  'zpin-locked': STEP_UP_MESSAGES.zpinLocked,
  'zpin-missing': STEP_UP_MESSAGES.zpinMissing,
  'otp-invalid': STEP_UP_MESSAGES.otpInvalid,
  'otp-expired': STEP_UP_MESSAGES.otpExpired,
  'otp-used-up': STEP_UP_MESSAGES.otpUsedUp,
  'proof-required': STEP_UP_MESSAGES.stepUpRequired,
};

const problemMessage = (problem: ProofProblem): string => PROBLEM_MESSAGES[problem.kind];

function refuseZpin(state: StepUpState, problem: ProofProblem): StepUpState {
  switch (problem.kind) {
    case 'zpin-invalid': {
      // The server's count wins when it sends one: it also counts wrong ZPINs typed elsewhere.
      const counted = problem.attemptsLeft === null ? 0 : WRONG_ZPIN_LIMIT - problem.attemptsLeft;
      const wrongZpins = Math.max(state.wrongZpins + 1, counted);
      if (wrongZpins >= WRONG_ZPIN_LIMIT) return fallBackToOtp({ ...state, wrongZpins });
      return { ...state, wrongZpins, stage: { name: 'zpin', refusal: STEP_UP_MESSAGES.zpinInvalid } };
    }
    case 'zpin-locked':
      return fallBackToOtp(state);
    case 'zpin-missing':
      return { ...state, zpinExists: false, stage: otpEntry };
    default:
      return { ...state, stage: { name: 'zpin', refusal: problemMessage(problem) } };
  }
}

/** The popup's transitions, free of requests and timers so every path can be tested alone. */
export function stepUpMachine(state: StepUpState, event: StepUpEvent): StepUpState {
  const { stage } = state;
  switch (event.type) {
    case 'zpin-looked-up':
      if (stage.name !== 'checking') return state;
      if (!event.exists) return { ...state, zpinExists: false, stage: otpEntry };
      // Still locked from an earlier popup: straight to OTP.
      if (state.wrongZpins >= WRONG_ZPIN_LIMIT) return fallBackToOtp({ ...state, zpinExists: true });
      return { ...state, zpinExists: true, stage: zpinEntry };
    case 'use-zpin':
      return stage.name === 'otp' && state.zpinExists && !state.locked ? { ...state, stage: zpinEntry } : state;
    case 'use-otp':
      return stage.name === 'zpin' ? { ...state, stage: otpEntry } : state;
    case 'choose-zpin':
      if (stage.name !== 'zpin' && stage.name !== 'otp') return state;
      return { ...state, stage: { name: 'choose', mode: event.mode, back: stage.name } };
    case 'zpin-chosen':
      return stage.name === 'choose' ? { ...state, stage: { ...stage, name: 'confirm-otp', zpin: event.zpin } } : state;
    case 'back':
      if (stage.name === 'choose') return { ...state, stage: stage.back === 'zpin' ? zpinEntry : otpEntry };
      if (stage.name === 'confirm-otp') return { ...state, stage: { name: 'choose', mode: stage.mode, back: stage.back } };
      return state;
    case 'proof-accepted':
      // An accepted proof (an OTP too) lifts the server's ZPIN lock.
      return { ...state, wrongZpins: 0 };
    case 'zpin-refused':
      return stage.name === 'zpin' ? refuseZpin(state, event.problem) : state;
    case 'zpin-saved':
      return stage.name === 'confirm-otp' ? { zpinExists: true, locked: false, wrongZpins: 0, stage: { name: 'saved', mode: stage.mode } } : state;
    case 'saved-shown':
      return stage.name === 'saved' ? { ...state, stage: zpinEntry } : state;
  }
}

/**
 * What became of an OTP: accepted, refused as wrong, refused for good (expired, or used up by wrong
 * attempts: only a new code can pass), or refused for another reason.
 */
export type OtpVerdict = 'accepted' | 'invalid' | { needsNewCode: string } | { message: string };

/** The OTP entry's verdict for a refused proof; `otherwise` words any other failure. */
export function otpVerdict(problem: ProofProblem | null, otherwise: string): Exclude<OtpVerdict, 'accepted'> {
  if (problem?.kind === 'otp-invalid') return 'invalid';
  if (problem?.kind === 'otp-expired' || problem?.kind === 'otp-used-up') return { needsNewCode: problemMessage(problem) };
  return { message: problem ? problemMessage(problem) : otherwise };
}
