import type { Plan } from '../billing.js';

/**
 * Money, plans' and payments' values, labels and messages (seed 001 §2, §4, §8). Builds no schema,
 * so a screen that shows an amount or a plan's state loads no zod; billing.ts builds the calls'
 * schemas from these.
 */

// ── Money ────────────────────────────────────────────────────────────────────────────────────

export const ALERT_BALANCE_DEFAULT_PERCENT = 20;
export const CURRENCY_SYMBOL = '₹';

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number): number => paise / 100;

/** A pre-tax amount and the GST charged on top of it, in paise. */
export interface WithGst {
  amountPaise: number;
  gstPaise: number;
  totalPaise: number;
}

/**
 * GST charged on top of a pre-tax amount (plan amounts and top-ups exclude taxes, seed 001 §4):
 * the tax is the rate on the amount rounded once to the paisa, half up, and the total is the two
 * added. Every figure with GST (what a payment asks for, the invoice's tax, `wallet_balance_with_gst`,
 * the portal's prices) comes from here, so they agree to the paisa. `ratePercent` is the server's
 * GST_RATE_PERCENT (the portal reads it from /api/config).
 */
export function withGst(amountPaise: number, ratePercent: number): WithGst {
  const gstPaise = Math.floor((amountPaise * ratePercent + 50) / 100);
  return { amountPaise, gstPaise, totalPaise: amountPaise + gstPaise };
}
/** Default alert balance (and daily consumption limit): 20 % of the plan amount, in paise. */
export const defaultAlertPaise = (planAmountPaise: number): number => Math.round((planAmountPaise * ALERT_BALANCE_DEFAULT_PERCENT) / 100);
/**
 * 1234567 → '12,34,567': a whole number in India's digit grouping (the last three digits, then
 * pairs). Written out rather than asked of `Intl`: a browser page's first Intl formatter loads
 * its locale data, 15 to 70 ms of a phone's main thread while the page is drawn.
 */
export function formatIndianDigits(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return whole <= -1 ? `-${grouped}` : grouped;
}

/** '₹10,000' / '₹1,234.50' (Indian digit grouping; paise shown, as two digits, only when there are any). */
export function formatRupees(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const whole = formatIndianDigits(Math.floor(paise / 100));
  const amount = Number.isInteger(rupees) ? whole : `${whole}.${String(paise % 100).padStart(2, '0')}`;
  return `${CURRENCY_SYMBOL}${rupees < 0 && paise > 0 ? '-' : ''}${amount}`;
}
/** '₹10,000 + 18% GST = ₹11,800': a pre-tax amount in rupees and what is paid for it. */
export const formatWithGst = (rupees: number, ratePercent: number): string =>
  `${formatRupees(rupees)} + ${ratePercent}% GST = ${formatRupees(paiseToRupees(withGst(rupeesToPaise(rupees), ratePercent).totalPaise))}`;

// ── Enums ────────────────────────────────────────────────────────────────────────────────────

export const PLAN_TYPES = ['PREPAID', 'POSTPAID'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/**
 * Provider-API calls per second of one app, by the code of its organisation's ACTIVE plan
 * (docs/decisions/0019-rate-limits.md); an operator's limit for the organisation replaces it.
 */
export const RATE_LIMIT_BY_PLAN: Readonly<Record<string, number>> = { LITE: 20, PLUS: 50, ADVANCE: 100, PREMIUM: 200, POSTPAID: 200 };
/** A custom plan's apps, until an operator sets the organisation's own limit. */
export const RATE_LIMIT_CUSTOM_PLAN = 100;
/** Apps of an organisation without an active plan (its test app during onboarding). */
export const RATE_LIMIT_NO_PLAN = 10;

/** Seed 001 §4 Plans. The next plan is the one PAYMENT_PENDING or PAYMENT_RECEIVED. */
export const PLAN_SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAYMENT_PENDING', 'PAYMENT_RECEIVED', 'EXPIRED'] as const;
export type PlanSubscriptionStatus = (typeof PLAN_SUBSCRIPTION_STATUSES)[number];

/** The reference tiers the plans screen shows as cards, in order (a custom plan has its own card). */
export const PLAN_TIERS = ['Lite', 'Plus', 'Advance', 'Premium'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Seed 001 §3 Payment link status (GET /payment/fetch/{link_id}). */
export const PAYMENT_LINK_STATUSES = ['paid', 'error', 'cancelled', 'expired', 'active'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** Stored payment statuses as get_org_past_payments answers them (seed 001 §4 Payment display). */
export const PAYMENT_STATUSES = ['ACTIVE', 'PAID', 'SUCCESS', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'ERROR'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Seed 001 §4 payment types. BALANCE_TOP_UP: Add Balance through a payment link; EXTERNAL: a bank
 * transfer (NEFT/IMPS) to the virtual account for a plan; WALLET_ADJUSTMENT: an operator's
 * correction; INTERNAL: a payment an operator records that came by another route.
 */
export const PAYMENT_TYPES = ['WALLET_ADJUSTMENT', 'EXTERNAL', 'INTERNAL', 'BALANCE_TOP_UP'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  WALLET_ADJUSTMENT: 'Wallet Adjustment',
  EXTERNAL: 'External Payment',
  INTERNAL: 'Internal Payment',
  BALANCE_TOP_UP: 'Balance Topup',
};
/** Payment modes the server records. */
export const PAYMENT_MODES = { link: 'Payment Link', bankTransfer: 'NEFT/IMPS', adjustment: 'Adjustment' } as const;

export type PaymentDisplayState = 'processing' | 'success' | 'failed';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
/** Seed 001 §4 "Payment display": the label and state of a stored payment status. */
export function paymentDisplay(status: string): { label: string; state: PaymentDisplayState } {
  const upper = status.toUpperCase();
  if (upper === 'ACTIVE') return { label: 'Initiated', state: 'processing' };
  if (upper === 'PAID' || upper === 'SUCCESS' || upper === 'COMPLETED') return { label: 'Success', state: 'success' };
  if (upper === 'EXPIRED' || upper === 'CANCELLED' || upper === 'ERROR') return { label: 'Failed', state: 'failed' };
  return { label: capitalise(status), state: 'processing' };
}
/** A payment type's label; an unknown type is shown capitalised. */
export const paymentTypeLabel = (type: string): string => PAYMENT_TYPE_LABELS[type as PaymentType] ?? capitalise(type.replace(/_/g, ' '));

/** The callback page's state for a payment link status (seed 001 §2 Payment callback page). */
export function callbackState(status: string): 'success' | 'failure' | 'processing' | 'billing' {
  if (status === 'paid') return 'success';
  if (status === 'error' || status === 'cancelled' || status === 'expired') return 'failure';
  if (status === 'active') return 'processing';
  return 'billing';
}

export const REQUEST_TYPES = ['CUSTOM_PLAN_REQUEST', 'ADD_BALANCE_REQUEST'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** INITIATED until the provider's team acts (a custom plan created completes a custom-plan request). */
export const REQUEST_STATUSES = ['INITIATED', 'COMPLETED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

// ── Messages and labels ──────────────────────────────────────────────────────────────────────

/** Seed 001 §2 and §8 texts of the billing screens, and the server's refusals of billing calls. */
export const BILLING_MESSAGES = {
  requestRegistered: 'Your request has been registered',
  planActivated: 'You new plan has been activated',
  alertUpdated: 'Your daily consumption/alert balance has been updated',
  noPlan: 'Subscribe to a plan to view the Billing information here.',
  noPlanDetails: 'No Plan Details Found',
  dailyConsumption: 'Daily Consumption',
  alertBalance: 'Alert Balance',
  notApplicable: 'NA',
  transactionSuccessful: 'Transaction Successful',
  rechargeProcessed: (amount: number | string) => `Your recharge of ₹${amount} was processed successfully`,
  transactionId: (orderId: string) => `Transaction ID: ${orderId}`,
  transactionFailed: 'Transaction failed',
  transactionFailedDetail: 'Your transaction failed at the server end. Please try to make the payment again',
  fetchingStatus: 'Fetching your transaction status',
  fetchingStatusDetail: 'It usually takes 2-3 seconds to update the status. Kindly wait till we get an update',
  goBackToBilling: 'GO BACK TO BILLING',
  emailSent: 'Email sent',
  // Refusals the server answers (decided here; the seed does not word them).
  planNotFound: 'Plan not found',
  alreadyCurrentPlan: 'This plan is already your current plan',
  paymentReceived: 'A payment has been received for your next plan; activate it before requesting another plan',
  postpaidActive: 'Your POSTPAID plan is active; contact sales to change it',
  noNextPlan: 'There is no paid plan waiting to be activated',
  noActivePlan: 'Subscribe to a plan to continue',
  addBalancePrepaidOnly: 'Add Balance is available only with an active PREPAID plan',
  addBalanceIndiaOnly: 'Add Balance is available only for organisations in India',
  linkNotFound: 'Payment link not found',
  requestNotFound: 'Request not found',
} as const;

/** Labels of the plans screen and the billing cards (seed 001 §2 All plans screen, §4 Plans). */
export const PLAN_LABELS = {
  currentPlan: 'Current Plan',
  renewPlan: 'Renew Plan',
  paymentPending: 'Payment Pending',
  paymentReceived: 'Payment Received',
  requestPlan: 'Request Plan',
  requestInitiated: 'Request Initiated',
  contactSales: 'Contact Sales',
  activateNow: 'Activate Now',
  enableNow: 'Enable Now',
  enableLater: 'Enable Later',
  activationDate: 'Activation date',
  activationRequest: 'Activation Request',
  onPayment: 'On Payment',
  onCurrentPlanExpiry: 'On Current Plan Expiry',
  compareByCategory: 'Compare based on category',
  custom: 'Custom',
  all: 'All',
} as const;

/**
 * Seed 001 §4: Request Plan is refused while a payment was received on any plan, or when the
 * active plan is POSTPAID. The server answers with this message; the screen disables the button.
 */
export function planRequestRefusal(state: { paymentReceived: boolean; activePlanType: PlanType | null }): string | null {
  if (state.paymentReceived) return BILLING_MESSAGES.paymentReceived;
  if (state.activePlanType === 'POSTPAID') return BILLING_MESSAGES.postpaidActive;
  return null;
}

/**
 * Seed 001 §4: what a reference plan's card shows — Current Plan when active; Renew Plan when it
 * expired and no plan is active and none has its payment received; Payment Pending; Payment
 * Received; otherwise Request Plan.
 */
export function planCardLabel(plan: Pick<Plan, 'subscription_status'>, plans: ReadonlyArray<Pick<Plan, 'subscription_status'>>): string {
  const anyActive = plans.some((other) => other.subscription_status === 'ACTIVE');
  const anyReceived = plans.some((other) => other.subscription_status === 'PAYMENT_RECEIVED');
  switch (plan.subscription_status) {
    case 'ACTIVE':
      return PLAN_LABELS.currentPlan;
    case 'EXPIRED':
      return !anyActive && !anyReceived ? PLAN_LABELS.renewPlan : PLAN_LABELS.requestPlan;
    case 'PAYMENT_PENDING':
      return PLAN_LABELS.paymentPending;
    case 'PAYMENT_RECEIVED':
      return PLAN_LABELS.paymentReceived;
    default:
      return PLAN_LABELS.requestPlan;
  }
}

/** Seed 001 §4: a plan is a downgrade when it costs less than the active one (warning with Enable Now / Enable Later). */
export const isDowngrade = (plan: Pick<Plan, 'prepaid_recharge_amount'>, active: Pick<Plan, 'prepaid_recharge_amount'> | null): boolean =>
  active !== null && plan.prepaid_recharge_amount < active.prepaid_recharge_amount;
