/** Business constants of seed 000 §9 that both the server and the portal apply. */
export const RESEND_VERIFICATION_LIMIT = 3;
export const IDLE_DEBOUNCE_MS = 500;
export const TOAST_DURATION_MS = 8000;
/** A day in milliseconds: every day-long window and retention is counted in these (no calendar days, no leap seconds). */
export const DAY_MS = 86_400_000;

/** The portal's local storage keys (seed 000 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userAlias: '@user',
  email: 'email',
  organisationId: 'organisation_id',
  testAppId: 'test_app_id',
  firstname: 'firstname',
  lastname: 'lastname',
  resendLinkCounter: 'resend_link_counter',
} as const;

export const ONBOARDING_STATUSES = [
  'ORG_CREATED',
  'SERVICES_SUBSCRIBED',
  'SERVICES_ADDED',
  'ONBOARDING_COMPLETED',
  'ACTIVATION_REQUESTED',
  'ACCOUNT_ACTIVATED',
  'PLAN_SUBSCRIBED',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
/** The status that unlocks Billing, Batch Service and New App (architecture page, decisions the seeds leave open). */
export const FULLY_ONBOARDED: OnboardingStatus = 'PLAN_SUBSCRIBED';
