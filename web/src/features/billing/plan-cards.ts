import {
  PLAN_LABELS,
  PLAN_TIERS,
  planCardLabel,
  planRequestRefusal,
  type CustomerRequest,
  type Plan,
  type PlanSubscriptionStatus,
  type PlanTier,
} from '@verigate/contracts';

/**
 * What a plan card's button does: request the plan (Request Plan, Renew Plan), show where to pay
 * (Payment Pending), ask the provider's team for a custom plan (Contact Sales), or nothing (a
 * status: Current Plan, Payment Received, Request Initiated).
 */
export type PlanCardAction = 'request' | 'pay' | 'contact-sales' | 'none';

export interface PlanCardView {
  /** The plan the card offers; null on a Custom card before any custom plan exists. */
  plan: Plan | null;
  label: string;
  action: PlanCardAction;
  /** Why the action is refused (Request Plan after a received payment, or on an active POSTPAID plan). */
  refusal: string | null;
}

const ACTION_OF_LABEL: Record<string, PlanCardAction> = {
  [PLAN_LABELS.requestPlan]: 'request',
  [PLAN_LABELS.renewPlan]: 'request',
  [PLAN_LABELS.paymentPending]: 'pay',
};

/** The seed's refusal of Request Plan, from the organisation's plans. */
function requestRefusal(plans: readonly Plan[]): string | null {
  return planRequestRefusal({
    paymentReceived: plans.some((plan) => plan.subscription_status === 'PAYMENT_RECEIVED'),
    activePlanType: plans.find((plan) => plan.subscription_status === 'ACTIVE')?.plan_type ?? null,
  });
}

function cardOf(plan: Plan, plans: readonly Plan[]): PlanCardView {
  const label = planCardLabel(plan, plans);
  const action = ACTION_OF_LABEL[label] ?? 'none';
  return { plan, label, action, refusal: action === 'request' ? requestRefusal(plans) : null };
}

/** The reference tiers' cards, Lite, Plus, Advance, Premium, for those the server lists. */
export function tierCards(plans: readonly Plan[]): Array<PlanCardView & { plan: Plan; tier: PlanTier }> {
  return PLAN_TIERS.flatMap((tier) => {
    const plan = plans.find((candidate) => !candidate.is_custom_plan && candidate.plan_name === tier);
    return plan ? [{ ...cardOf(plan, plans), plan, tier }] : [];
  });
}

const STATUS_WEIGHT: Record<PlanSubscriptionStatus, number> = { ACTIVE: 4, PAYMENT_RECEIVED: 3, PAYMENT_PENDING: 2, EXPIRED: 1 };

/** The custom plan the Custom card and the compare table show: the one in use, else the newest. */
export function customPlanOf(plans: readonly Plan[]): Plan | null {
  const custom = plans.filter((plan) => plan.is_custom_plan);
  const weight = (plan: Plan) => (plan.subscription_status ? STATUS_WEIGHT[plan.subscription_status] : 0);
  return custom.reduce<Plan | null>((shown, plan) => (shown === null || weight(plan) >= weight(shown) ? plan : shown), null);
}

/**
 * Seed 001 §4: the Custom card shows Current Plan, Payment Pending, Request Initiated or Contact
 * Sales. A custom plan the provider's team created and that is not yet requested is offered with
 * Request Plan (Renew Plan once expired), and a paid one shows Payment Received, like a tier's card.
 */
export function customCard(plans: readonly Plan[], requests: readonly CustomerRequest[]): PlanCardView {
  const plan = customPlanOf(plans);
  const status = plan?.subscription_status ?? null;
  if (plan && (status === 'ACTIVE' || status === 'PAYMENT_PENDING' || status === 'PAYMENT_RECEIVED')) return cardOf(plan, plans);
  if (requests.some((request) => request.request_type === 'CUSTOM_PLAN_REQUEST' && request.status === 'INITIATED')) {
    return { plan, label: PLAN_LABELS.requestInitiated, action: 'none', refusal: null };
  }
  if (plan) return cardOf(plan, plans);
  return { plan: null, label: PLAN_LABELS.contactSales, action: 'contact-sales', refusal: null };
}

/** The plan whose payment is awaited, if any (its request is replaced by a new one). */
export const pendingPlanOf = (plans: readonly Plan[]): Plan | null => plans.find((plan) => plan.subscription_status === 'PAYMENT_PENDING') ?? null;

/** The organisation's active plan, if any. */
export const activePlanOf = (plans: readonly Plan[]): Plan | null => plans.find((plan) => plan.subscription_status === 'ACTIVE') ?? null;
