import { and, eq, inArray } from 'drizzle-orm';
import type { OnboardingStatus } from '@verigate/contracts';
import type { Executor } from '../../db/client.js';
import { organisations } from '../../db/schema.js';

/** The onboarding status machine: each event moves an organisation on from the listed statuses only. */
const ONBOARDING_EVENTS = {
  servicesSubscribed: { from: ['ORG_CREATED'], to: 'SERVICES_SUBSCRIBED' },
  onboardingSkipped: { from: ['ORG_CREATED'], to: 'SERVICES_ADDED' },
  testKeyGenerated: { from: ['ORG_CREATED', 'SERVICES_SUBSCRIBED', 'SERVICES_ADDED'], to: 'ONBOARDING_COMPLETED' },
  activationRequested: { from: ['ONBOARDING_COMPLETED'], to: 'ACTIVATION_REQUESTED' },
  accountActivated: { from: ['ACTIVATION_REQUESTED'], to: 'ACCOUNT_ACTIVATED' },
  planSubscribed: { from: ['ACCOUNT_ACTIVATED'], to: 'PLAN_SUBSCRIBED' },
} as const satisfies Record<string, { from: readonly OnboardingStatus[]; to: OnboardingStatus }>;

export type OnboardingEvent = keyof typeof ONBOARDING_EVENTS;

/**
 * Applies the event when the organisation is in one of its source statuses, in one statement, so
 * parallel events cannot both move it; true when it moved.
 */
export async function advance(tx: Executor, organisationId: string, event: OnboardingEvent, now: Date): Promise<boolean> {
  const { from, to } = ONBOARDING_EVENTS[event];
  const moved = await tx
    .update(organisations)
    .set({ onboardingStatus: to, updatedAt: now })
    .where(and(eq(organisations.id, organisationId), inArray(organisations.onboardingStatus, [...from])))
    .returning({ id: organisations.id });
  return moved.length > 0;
}
