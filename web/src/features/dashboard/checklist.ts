import type { OnboardingStatus } from '@verigate/contracts';

/** 1 subscribe, 2 generate a test key, 3 activate production, 4 choose a plan, 5 done. */
export type ChecklistStep = 1 | 2 | 3 | 4 | 5;

/** Onboarding status → the checklist's current step (architecture page, "Decisions the seeds leave open"). */
export const CHECKLIST_STEP: Record<OnboardingStatus, ChecklistStep> = {
  ORG_CREATED: 1,
  SERVICES_SUBSCRIBED: 2,
  SERVICES_ADDED: 2,
  ONBOARDING_COMPLETED: 3,
  ACTIVATION_REQUESTED: 3,
  ACCOUNT_ACTIVATED: 4,
  PLAN_SUBSCRIBED: 5,
};

export const isActivationRequested = (status: OnboardingStatus) => status === 'ACTIVATION_REQUESTED';
