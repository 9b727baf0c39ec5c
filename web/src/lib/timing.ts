import { OTP_RESEND_WAIT_MS } from '@verigate/contracts';

/**
 * The step-up waits of seed 000 §9, overridable so end-to-end tests need not sit through them.
 *
 * - otpResendWaitMs: the wait before each 'Resend OTP' (30 s)
 * - otpErrorMs: how long 'OTP is invalid!, please re-enter' stays up (2 s)
 * - zpinSuccessMs: how long 'ZPIN successfully created' / 'updated' stays up (3 s)
 *
 * An e2e test sets any of them before the app loads, beside the onboarding ones:
 *
 *   await page.addInitScript(() => {
 *     window.__VERIGATE_TIMING__ = { otpResendWaitMs: 1000, otpErrorMs: 300, zpinSuccessMs: 300 };
 *   });
 *
 * A missing, negative or non-numeric value falls back to the seed's value. (The onboarding
 * feature reads its own waits from the same object; this reader serves components and lib.)
 */
export const SEED_TIMING = {
  otpResendWaitMs: OTP_RESEND_WAIT_MS,
  otpErrorMs: 2_000,
  zpinSuccessMs: 3_000,
} as const;

export type TimingName = keyof typeof SEED_TIMING;

export function timing(name: TimingName): number {
  const overrides = (window as unknown as { __VERIGATE_TIMING__?: Record<string, unknown> }).__VERIGATE_TIMING__;
  const override = overrides?.[name];
  return typeof override === 'number' && Number.isFinite(override) && override >= 0 ? override : SEED_TIMING[name];
}
