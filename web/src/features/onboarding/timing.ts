/**
 * The onboarding waits of seed 000 §9, overridable so end-to-end tests need not sit through them.
 *
 * - orgCreatedPauseMs: the pause after the organisation is created, before select-service (10 s)
 * - productListDelayMs: the delay before select-service loads its product list (1 s)
 * - tipRotationMs: how long each of the three welcome tips shows (3 s, so 9 s in all)
 *
 * An e2e test sets any of them before the app loads:
 *
 *   await page.addInitScript(() => {
 *     window.__VERIGATE_TIMING__ = { orgCreatedPauseMs: 0, productListDelayMs: 0, tipRotationMs: 200 };
 *   });
 *
 * A missing, negative or non-numeric value falls back to the seed's value.
 */
export interface OnboardingTiming {
  orgCreatedPauseMs: number;
  productListDelayMs: number;
  tipRotationMs: number;
}

declare global {
  interface Window {
    __VERIGATE_TIMING__?: Partial<OnboardingTiming>;
  }
}

const SEED_TIMING: OnboardingTiming = {
  orgCreatedPauseMs: 10_000,
  productListDelayMs: 1_000,
  tipRotationMs: 3_000,
};

export function timing(name: keyof OnboardingTiming): number {
  const override = window.__VERIGATE_TIMING__?.[name];
  return typeof override === 'number' && Number.isFinite(override) && override >= 0 ? override : SEED_TIMING[name];
}
