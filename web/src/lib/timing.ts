import { OTP_RESEND_WAIT_MS, PAYMENT_POLL_INTERVAL_MS } from '@verigate/contracts';

/**
 * The waits of seed 000 §9, overridable so end-to-end tests need not sit through them:
 *
 * - orgCreatedPauseMs: the pause after the organisation is created, before select-service (10 s)
 * - productListDelayMs: the delay before select-service loads its product list (1 s)
 * - tipRotationMs: how long each of the three welcome tips shows (3 s, so 9 s in all)
 * - otpResendWaitMs: the wait before each 'Resend OTP' (30 s)
 * - otpErrorMs: how long 'OTP is invalid!, please re-enter' stays up (2 s)
 * - zpinSuccessMs: how long 'ZPIN successfully created' / 'updated' stays up (3 s)
 * - paymentPollMs: how often the payment result page asks again while the payment is in progress (2 s)
 *
 * and the product's own waits (seed 001 §4, §9), whose seed value is in its definition:
 *
 * - trialResendLockMs: how long a trial's 'Resend Otp' stays locked (60 s email, 30 s mobile)
 *
 * An e2e test sets any of them before the app loads:
 *
 *   await page.addInitScript(() => {
 *     window.__VERIGATE_TIMING__ = { orgCreatedPauseMs: 0, otpResendWaitMs: 1000 };
 *   });
 *
 * A missing, negative or non-numeric value falls back to the seed's value.
 */
const SEED_TIMING = {
  orgCreatedPauseMs: 10_000,
  productListDelayMs: 1_000,
  tipRotationMs: 3_000,
  otpResendWaitMs: OTP_RESEND_WAIT_MS,
  otpErrorMs: 2_000,
  zpinSuccessMs: 3_000,
  paymentPollMs: PAYMENT_POLL_INTERVAL_MS,
} as const;

export type TimingName = keyof typeof SEED_TIMING;
export type ProductTimingName = 'trialResendLockMs';

declare global {
  interface Window {
    __VERIGATE_TIMING__?: Partial<Record<TimingName | ProductTimingName, unknown>>;
  }
}

function overridden(name: TimingName | ProductTimingName, seedMs: number): number {
  const override = window.__VERIGATE_TIMING__?.[name];
  return typeof override === 'number' && Number.isFinite(override) && override >= 0 ? override : seedMs;
}

export const timing = (name: TimingName): number => overridden(name, SEED_TIMING[name]);

/** A wait whose seed value comes from the product's definition. */
export const productTiming = (name: ProductTimingName, seedMs: number): number => overridden(name, seedMs);
