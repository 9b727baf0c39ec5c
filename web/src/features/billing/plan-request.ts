import { FULLY_ONBOARDED, isDowngrade, type OnboardingStatus, type Plan } from '@verigate/contracts';
import { activePlanOf, pendingPlanOf } from './plan-cards';

/**
 * The popups of the plans screen as one state machine (seed 001 §2 All plans screen, §4 Plans):
 * choosing a plan while another awaits payment asks to replace that request; a plan cheaper than
 * the active one warns of the downgrade (Enable Now: pay, then activate; Enable Later: activate
 * on the current plan's expiry); then the bank details to pay to are confirmed, the plan is
 * requested, and 'Your request has been registered' shows.
 */
export type PlanRequestStep =
  | { name: 'closed' }
  | { name: 'replace-pending'; plan: Plan; pending: Plan; active: Plan | null }
  | { name: 'downgrade'; plan: Plan; active: Plan }
  | { name: 'confirm'; plan: Plan; enableImmediately: boolean }
  | { name: 'registered'; plan: Plan; enableImmediately: boolean }
  | { name: 'bank-details'; plan: Plan }
  | { name: 'contact-sales' }
  | { name: 'contact-sales-registered' };

export type PlanRequestEvent =
  | { type: 'choose'; plan: Plan; plans: readonly Plan[] }
  | { type: 'replace-confirmed' }
  | { type: 'enable'; immediately: boolean }
  | { type: 'subscribed' }
  | { type: 'show-payment'; plan: Plan }
  | { type: 'contact-sales' }
  | { type: 'contact-sales-registered' }
  | { type: 'close' };

export const CLOSED: PlanRequestStep = { name: 'closed' };

/** After any replace warning: the downgrade warning, or straight to the payment details. */
function afterReplace(plan: Plan, active: Plan | null): PlanRequestStep {
  if (active && isDowngrade(plan, active)) return { name: 'downgrade', plan, active };
  return { name: 'confirm', plan, enableImmediately: true };
}

export function planRequestMachine(step: PlanRequestStep, event: PlanRequestEvent): PlanRequestStep {
  switch (event.type) {
    case 'choose': {
      const pending = pendingPlanOf(event.plans);
      const active = activePlanOf(event.plans);
      if (pending && pending._id !== event.plan._id) return { name: 'replace-pending', plan: event.plan, pending, active };
      return afterReplace(event.plan, active);
    }
    case 'replace-confirmed':
      return step.name === 'replace-pending' ? afterReplace(step.plan, step.active) : step;
    case 'enable':
      return step.name === 'downgrade' ? { name: 'confirm', plan: step.plan, enableImmediately: event.immediately } : step;
    case 'subscribed':
      return step.name === 'confirm' ? { name: 'registered', plan: step.plan, enableImmediately: step.enableImmediately } : step;
    case 'show-payment':
      return { name: 'bank-details', plan: event.plan };
    case 'contact-sales':
      return { name: 'contact-sales' };
    case 'contact-sales-registered':
      return step.name === 'contact-sales' ? { name: 'contact-sales-registered' } : step;
    case 'close':
      return CLOSED;
  }
}

/** Onboarding statuses from which a plan can be requested: the account is activated. */
const ACTIVATED: readonly OnboardingStatus[] = ['ACCOUNT_ACTIVATED', FULLY_ONBOARDED];

/**
 * Why a plan cannot be requested yet, as the server would answer (seed §8): activation requested
 * and not yet granted ('requested', a toast), or never requested ('pending', the account
 * activation popup). Null once the account is activated, or while the status is unknown (the
 * server decides).
 */
export function activationBlock(status: OnboardingStatus | undefined): 'requested' | 'pending' | null {
  if (status === undefined || ACTIVATED.includes(status)) return null;
  return status === 'ACTIVATION_REQUESTED' ? 'requested' : 'pending';
}
