import { and, eq, inArray } from 'drizzle-orm';
import type { OnboardingStatus } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { organisations } from '../../db/schema.js';

/** The onboarding status machine: each event moves an organisation on from the listed statuses only. */
export const ONBOARDING_EVENTS = {
  servicesSubscribed: { from: ['ORG_CREATED'], to: 'SERVICES_SUBSCRIBED' },
  onboardingSkipped: { from: ['ORG_CREATED'], to: 'SERVICES_ADDED' },
  testKeyGenerated: { from: ['ORG_CREATED', 'SERVICES_SUBSCRIBED', 'SERVICES_ADDED'], to: 'ONBOARDING_COMPLETED' },
  activationRequested: { from: ['ONBOARDING_COMPLETED'], to: 'ACTIVATION_REQUESTED' },
  accountActivated: { from: ['ACTIVATION_REQUESTED'], to: 'ACCOUNT_ACTIVATED' },
  planSubscribed: { from: ['ACCOUNT_ACTIVATED'], to: 'PLAN_SUBSCRIBED' },
} as const satisfies Record<string, { from: readonly OnboardingStatus[]; to: OnboardingStatus }>;

export type OnboardingEvent = keyof typeof ONBOARDING_EVENTS;

/** The fully onboarded status: it unlocks Billing, Batch Service and new (live) apps. */
export const FULLY_ONBOARDED: OnboardingStatus = 'PLAN_SUBSCRIBED';

/** Applies the event when the organisation is in one of its source statuses; true when it moved. */
export async function advanceOnboarding(db: Pick<Database, 'update'>, organisationId: string, event: OnboardingEvent): Promise<boolean> {
  const { from, to } = ONBOARDING_EVENTS[event];
  const moved = await db
    .update(organisations)
    .set({ onboardingStatus: to, updatedAt: new Date() })
    .where(and(eq(organisations.id, organisationId), inArray(organisations.onboardingStatus, [...from])))
    .returning({ id: organisations.id });
  return moved.length > 0;
}
