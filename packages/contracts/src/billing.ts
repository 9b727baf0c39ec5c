import { z } from 'zod';
import { addBalanceRules, alertAmountRules, amountField } from './rules/amount.js';
import {
  BILLING_MESSAGES,
  PAYMENT_LINK_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PLAN_SUBSCRIPTION_STATUSES,
  PLAN_TYPES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  formatWithGst,
  paiseToRupees,
  rupeesToPaise,
  withGst,
} from './rules/billing.js';

/**
 * Plans, wallet and payments: the calls of seed 001 §7 "Products, summary, plans, payments".
 *
 * Money on the wire: every amount is a number of RUPEES (the seed shows ₹ amounts), with at most
 * two decimals (paise). The server keeps integer PAISE and converts at the edge with
 * `rupeesToPaise` / `paiseToRupees`; amounts a person types (alert balance, add balance, requests)
 * are whole rupees. Dates are epoch milliseconds, like every `createdAt` of the API.
 * The values, labels and messages of money and plans are in rules/billing.ts.
 */

/** A rupee amount in an answer (two decimals at most). */
const rupees = z.number();
/** Epoch milliseconds. */
const epochMs = z.number();
const uuid = (message: string) => z.uuid({ error: message });

// ── Rate limits ──────────────────────────────────────────────────────────────────────────────

/** What an operator may set (calls per second of each app of the organisation). */
const RATE_LIMIT_MAX = 100_000;
export const rateLimitSetting = z.strictObject({
  calls_per_second: z.number().int().min(1).max(RATE_LIMIT_MAX).nullable(),
});
export type RateLimitSetting = z.infer<typeof rateLimitSetting>;

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
