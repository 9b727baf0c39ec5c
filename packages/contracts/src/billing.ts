import { z } from 'zod';
import { addBalanceRules, alertAmountRules, amountField } from './rules/amount.js';

/**
 * Plans, wallet and payments: the calls of seed 001 §7 "Products, summary, plans, payments".
 *
 * Money on the wire: every amount is a number of RUPEES (the seed shows ₹ amounts), with at most
 * two decimals (paise). The server keeps integer PAISE and converts at the edge with
 * `rupeesToPaise` / `paiseToRupees`; amounts a person types (alert balance, add balance, requests)
 * are whole rupees. Dates are epoch milliseconds, like every `createdAt` of the API.
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

/** A rupee amount in an answer (two decimals at most). */
const rupees = z.number();
/** Epoch milliseconds. */
const epochMs = z.number();
const uuid = (message: string) => z.uuid({ error: message });

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
/** What an operator may set (calls per second of each app of the organisation). */
const RATE_LIMIT_MAX = 100_000;
export const rateLimitSetting = z.strictObject({
  calls_per_second: z.number().int().min(1).max(RATE_LIMIT_MAX).nullable(),
});
export type RateLimitSetting = z.infer<typeof rateLimitSetting>;

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

// ── Plans ────────────────────────────────────────────────────────────────────────────────────

/**
 * Seed 001 §3 Plan. `subscription_status` is the organisation's relation to the plan (null:
 * never requested); `pricing` is keyed by product arn, `unit_price` in rupees per billable call.
 */
export const plan = z.strictObject({
  _id: z.string(),
  plan_name: z.string(),
  plan_code: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  is_custom_plan: z.boolean(),
  subscription_status: z.enum(PLAN_SUBSCRIPTION_STATUSES).nullable(),
  /** Rupees paid to get the plan (excluding GST); a PREPAID plan credits it to the wallet when it becomes ACTIVE. */
  prepaid_recharge_amount: rupees,
  /** Months. */
  plan_validity: z.number().int(),
  pricing: z.record(z.string(), z.strictObject({ unit_price: rupees })),
});
export type Plan = z.infer<typeof plan>;
/** GET /plan: the reference tiers (Lite, Plus, Advance, Premium) and the organisation's custom plans. */
export const planList = z.array(plan);

export const planIdParam = z.strictObject({ planId: uuid(BILLING_MESSAGES.planNotFound) });

/** Seed 001 §3 Pricing: one product of a plan; `price` of an addon in rupees. */
export const pricingRow = z.strictObject({
  productArn: z.string(),
  productName: z.string(),
  productPricing: z.union([rupees, z.strictObject({ unit_price: rupees })]),
  addons: z.array(
    z.strictObject({
      addon_key: z.string(),
      addon_name: z.string(),
      price: rupees,
      sub_addons: z.array(z.strictObject({ sub_addon_key: z.string(), sub_addon_name: z.string() })),
    }),
  ),
});
export type PricingRow = z.infer<typeof pricingRow>;
/** GET /plan/{planId}: the plan's pricing, one row per product (empty: 'No Plan Details Found'). */
export const planPricing = z.array(pricingRow);

/**
 * Seed 001 §3 Plan info, for the current (ACTIVE) and the next (PAYMENT_PENDING or
 * PAYMENT_RECEIVED) plan. `balance`, `wallet_balance_with_gst` and `alert_balance` are the
 * wallet's, in rupees, on the current plan only (null on the next). `start_date` is the
 * activation date: when it began (current), or when it will begin once paid (next, null while
 * its payment is pending). `amount` is what the plan costs (rupees, excluding GST).
 */
export const planInfo = z.strictObject({
  subscription_id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  plan_code: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  is_custom_plan: z.boolean(),
  /** Months. */
  duration: z.number().int(),
  amount: rupees,
  balance: rupees.nullable(),
  wallet_balance_with_gst: rupees.nullable(),
  alert_balance: rupees.nullable(),
  start_date: epochMs.nullable(),
  end_date: epochMs.nullable(),
  status: z.enum(PLAN_SUBSCRIPTION_STATUSES),
  enable_immediately: z.boolean(),
});
export type PlanInfo = z.infer<typeof planInfo>;
/** GET /organisation/{id}?action=get_org_plan_info */
export const orgPlanInfo = z.strictObject({ current: planInfo.nullable(), next: planInfo.nullable() });
export type OrgPlanInfo = z.infer<typeof orgPlanInfo>;

/**
 * PUT /organisation/{id}?action=org_plan_subscribe. `enable_immediately` (default true): activate
 * as soon as it is paid (Enable Now); false activates it when the current plan expires (Enable
 * Later). A plan requested while another is PAYMENT_PENDING replaces that request.
 */
export const planSubscribeRequest = z.strictObject({
  planId: uuid(BILLING_MESSAGES.planNotFound),
  enable_immediately: z.boolean({ error: 'enable_immediately must be true or false' }).optional(),
});
export type PlanSubscribeRequest = z.infer<typeof planSubscribeRequest>;
/** org_plan_subscribe ('Your request has been registered') and org_activate_next_plan ('You new plan has been activated'). */
export const planChanged = z.strictObject({ message: z.string(), current: planInfo.nullable(), next: planInfo.nullable() });
export type PlanChanged = z.infer<typeof planChanged>;

/** Seed 001 §3 Plan subscription (Plan History), newest first. */
export const planSubscription = z.strictObject({
  _id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  plan_code: z.string(),
  status: z.enum(PLAN_SUBSCRIPTION_STATUSES),
  start_date: epochMs.nullable(),
  end_date: epochMs.nullable(),
  createdAt: epochMs,
});
export type PlanSubscription = z.infer<typeof planSubscription>;
/** GET /organisation/{id}?action=get_org_plan_subscriptions */
export const planSubscriptionList = z.array(planSubscription);

// ── Wallet ───────────────────────────────────────────────────────────────────────────────────

/** PUT /organisation/{id}?action=org_alert_balance_update: whole rupees (commas stripped). */
export const alertBalanceUpdateRequest = z.strictObject({ alert_balance: amountField(alertAmountRules) });
export type AlertBalanceUpdateRequest = z.input<typeof alertBalanceUpdateRequest>;
export const alertBalanceUpdated = z.strictObject({ message: z.string(), alert_balance: rupees });
export type AlertBalanceUpdated = z.infer<typeof alertBalanceUpdated>;

/**
 * GET /summary (seed 001 §3 Summary). The plan and wallet fields are null until the organisation
 * is fully onboarded or while it has no active plan; `plan_validity` is the active plan's end
 * (epoch ms); `wallet_balance` only means something for PREPAID (the dashboard shows NA otherwise).
 */
export const summary = z.strictObject({
  subscribed_products_count: z.number().int(),
  pending_products_count: z.number().int(),
  plan_type: z.enum(PLAN_TYPES).nullable(),
  plan_validity: epochMs.nullable(),
  wallet_balance: rupees.nullable(),
  wallet_balance_with_gst: rupees.nullable(),
});
export type Summary = z.infer<typeof summary>;

/** What GET /organisation/{id} adds to the organisation (seed 001 §7): the active plan and the alert balance (rupees). */
export const organisationBilling = z.strictObject({
  activePlan: z.strictObject({ plan_id: z.string(), plan_name: z.string(), plan_type: z.enum(PLAN_TYPES) }).nullable(),
  alert_balance: rupees.nullable(),
});
export type OrganisationBilling = z.infer<typeof organisationBilling>;

// ── Payments ─────────────────────────────────────────────────────────────────────────────────

/** Seed 001 §3 Virtual account: GET /organisation/{id}/virtual-account. */
export const virtualAccount = z.strictObject({ name: z.string(), bank_name: z.string(), account_number: z.string(), ifsc: z.string() });
export type VirtualAccount = z.infer<typeof virtualAccount>;

/**
 * Seed 001 §3 Bank details popup, composed from the virtual account and the plan's amount (rupees,
 * excluding taxes), with what is transferred for it: the amount plus GST (`withGst`), the exact
 * sum the plan's payment must be.
 */
export interface BankDetails {
  bankName: string;
  accountName: string;
  accountNumber: string;
  IFSC: string;
  paymentMode: string;
  amount: number;
  amountLabel: string;
  /** Rupees to transfer: the amount plus GST. */
  total: number;
  totalLabel: string;
  /** '₹10,000 + 18% GST = ₹11,800'. */
  gstBreakdown: string;
  noteText: string;
}
export const BANK_DETAILS_TEXT = {
  amountLabel: 'Amount (excluding taxes)',
  totalLabel: 'Amount to transfer (including GST)',
  noteText: 'Transfer the amount including GST by NEFT or IMPS to this account. Your plan is activated once the transfer reaches us.',
} as const;
export const bankDetailsOf = (account: VirtualAccount, amount: number, gstRatePercent: number): BankDetails => ({
  bankName: account.bank_name,
  accountName: account.name,
  accountNumber: account.account_number,
  IFSC: account.ifsc,
  paymentMode: PAYMENT_MODES.bankTransfer,
  amount,
  amountLabel: BANK_DETAILS_TEXT.amountLabel,
  total: paiseToRupees(withGst(rupeesToPaise(amount), gstRatePercent).totalPaise),
  totalLabel: BANK_DETAILS_TEXT.totalLabel,
  gstBreakdown: formatWithGst(amount, gstRatePercent),
  noteText: BANK_DETAILS_TEXT.noteText,
});

/** POST /payment/create (Add Balance): whole rupees, 1000–50000, commas stripped. */
export const paymentCreateRequest = z.strictObject({ amount: amountField(addBalanceRules()) });
export type PaymentCreateRequest = z.input<typeof paymentCreateRequest>;
/** The hosted checkout to open in a new tab; it returns to /application/billing/callback?link_id=… */
export const paymentLinkCreated = z.strictObject({ link_url: z.string(), link_id: z.string(), order_id: z.string(), amount: rupees, expires_at: epochMs });
export type PaymentLinkCreated = z.infer<typeof paymentLinkCreated>;

export const linkIdParam = z.strictObject({ link_id: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, BILLING_MESSAGES.linkNotFound) });
/** Seed 001 §3 Payment link: GET /payment/fetch/{link_id}. `amount` in rupees. */
export const paymentLink = z.strictObject({
  generated_link_id: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  amount: rupees,
  order_id: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLink>;

/** Seed 001 §3 Payment (Payment History), newest first. `paid_amount` in rupees. */
export const payment = z.strictObject({
  order_id: z.string(),
  payment_created_at: epochMs,
  payment_type: z.enum(PAYMENT_TYPES),
  mode: z.string(),
  paid_amount: rupees,
  status: z.enum(PAYMENT_STATUSES),
});
export type Payment = z.infer<typeof payment>;
/** GET /organisation/{id}?action=get_org_past_payments */
export const paymentList = z.array(payment);

/** The seed's callback page route and its polling while the link is still active. */
export const PAYMENT_CALLBACK_PATH = '/application/billing/callback';
export const PAYMENT_POLL_INTERVAL_MS = 2000;

// ── Requests to the provider's team ──────────────────────────────────────────────────────────

/** Seed 001 §3 Request. `amount` (rupees) only on an add-balance request. */
export const customerRequest = z.strictObject({
  _id: z.string(),
  request_type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  amount: rupees.nullable(),
  createdAt: epochMs,
});
export type CustomerRequest = z.infer<typeof customerRequest>;
/** GET /requests, newest first. */
export const customerRequestList = z.array(customerRequest);
/** POST /requests: a custom plan (Contact Sales) or more balance; an open request of the same type is answered again, not duplicated. */
export const createRequestBody = z.strictObject({ request_type: z.enum(REQUEST_TYPES, { error: 'Unknown request type' }) });
export const requestRegistered = z.strictObject({ message: z.string(), request: customerRequest });
export type RequestRegistered = z.infer<typeof requestRegistered>;

/** POST /events?action=add_balance_request: whole rupees (the portal sends 10000). */
export const addBalanceRequestBody = z.strictObject({ balance_amount: amountField(alertAmountRules) });
export type AddBalanceRequestBody = z.input<typeof addBalanceRequestBody>;
