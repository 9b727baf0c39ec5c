import { BILLING_MESSAGES, PLAN_LABELS, type CustomerRequest, type Plan, type PlanSubscriptionStatus } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { customCard, customPlanOf, tierCards } from './plan-cards';

const AMOUNTS = { Lite: 10000, Plus: 25000, Advance: 50000, Premium: 100000 } as const;

function plan(name: string, status: PlanSubscriptionStatus | null = null, overrides: Partial<Plan> = {}): Plan {
  return {
    _id: `plan-${name}`,
    plan_name: name,
    plan_code: name.toUpperCase(),
    plan_type: 'PREPAID',
    is_custom_plan: false,
    subscription_status: status,
    prepaid_recharge_amount: AMOUNTS[name as keyof typeof AMOUNTS] ?? 75000,
    plan_validity: 12,
    pricing: {},
    ...overrides,
  };
}
const tiers = (statuses: Partial<Record<string, PlanSubscriptionStatus>> = {}) =>
  ['Lite', 'Plus', 'Advance', 'Premium'].map((name) => plan(name, statuses[name] ?? null));
const custom = (status: PlanSubscriptionStatus | null = null, overrides: Partial<Plan> = {}) =>
  plan('Acme Custom', status, { _id: `custom-${status}`, is_custom_plan: true, ...overrides });
const request = (status: CustomerRequest['status'], request_type: CustomerRequest['request_type'] = 'CUSTOM_PLAN_REQUEST'): CustomerRequest => ({
  _id: `request-${status}`,
  request_type,
  status,
  amount: null,
  createdAt: 1,
});
const summary = (plans: Plan[]) => tierCards(plans).map((card) => [card.tier, card.label, card.action, card.refusal]);

describe('the tier cards', () => {
  it('offers every tier with Request Plan before any plan is chosen, in the seed order', () => {
    expect(summary([...tiers()].reverse())).toEqual([
      ['Lite', 'Request Plan', 'request', null],
      ['Plus', 'Request Plan', 'request', null],
      ['Advance', 'Request Plan', 'request', null],
      ['Premium', 'Request Plan', 'request', null],
    ]);
  });

  it('shows the active plan as Current Plan and a requested one as Payment Pending, whose button shows where to pay', () => {
    expect(summary(tiers({ Lite: 'ACTIVE', Advance: 'PAYMENT_PENDING' }))).toEqual([
      ['Lite', 'Current Plan', 'none', null],
      ['Plus', 'Request Plan', 'request', null],
      ['Advance', 'Payment Pending', 'pay', null],
      ['Premium', 'Request Plan', 'request', null],
    ]);
  });

  it('disables Request Plan on every card once a payment was received', () => {
    expect(summary(tiers({ Lite: 'ACTIVE', Plus: 'PAYMENT_RECEIVED' }))).toEqual([
      ['Lite', 'Current Plan', 'none', null],
      ['Plus', 'Payment Received', 'none', null],
      ['Advance', 'Request Plan', 'request', BILLING_MESSAGES.paymentReceived],
      ['Premium', 'Request Plan', 'request', BILLING_MESSAGES.paymentReceived],
    ]);
  });

  it('disables Request Plan while a POSTPAID plan is active', () => {
    const plans = [...tiers(), custom('ACTIVE', { plan_type: 'POSTPAID', prepaid_recharge_amount: 0 })];
    expect(tierCards(plans).map((card) => card.refusal)).toEqual(Array(4).fill(BILLING_MESSAGES.postpaidActive));
  });

  it('offers Renew Plan on an expired plan only while nothing is active or paid', () => {
    expect(summary(tiers({ Plus: 'EXPIRED' }))[1]).toEqual(['Plus', 'Renew Plan', 'request', null]);
    expect(summary(tiers({ Plus: 'EXPIRED', Lite: 'ACTIVE' }))[1]).toEqual(['Plus', 'Request Plan', 'request', null]);
  });

  it('leaves out a tier the server does not list, and never shows a custom plan as a tier', () => {
    const plans = [plan('Lite'), plan('Premium'), custom(null, { plan_name: 'Plus' })];
    expect(tierCards(plans).map((card) => card.tier)).toEqual(['Lite', 'Premium']);
  });
});

describe('the Custom card', () => {
  it('offers Contact Sales while there is no custom plan and no open request', () => {
    expect(customCard(tiers(), [request('COMPLETED')])).toEqual({ plan: null, label: PLAN_LABELS.contactSales, action: 'contact-sales', refusal: null });
  });

  it('shows Request Initiated once the organisation has asked for one', () => {
    expect(customCard(tiers(), [request('INITIATED')])).toMatchObject({ label: 'Request Initiated', action: 'none' });
    expect(customCard(tiers(), [request('INITIATED', 'ADD_BALANCE_REQUEST')]).label).toBe('Contact Sales');
  });

  it('offers the custom plan the provider created with Request Plan, then follows its status', () => {
    expect(customCard([...tiers(), custom()], [])).toMatchObject({ label: 'Request Plan', action: 'request', plan: { is_custom_plan: true } });
    expect(customCard([...tiers(), custom('PAYMENT_PENDING')], [request('INITIATED')])).toMatchObject({ label: 'Payment Pending', action: 'pay' });
    expect(customCard([...tiers(), custom('ACTIVE')], [])).toMatchObject({ label: 'Current Plan', action: 'none' });
    expect(customCard([...tiers(), custom('PAYMENT_RECEIVED')], [])).toMatchObject({ label: 'Payment Received', action: 'none' });
  });

  it('prefers a new request over an expired custom plan', () => {
    expect(customCard([...tiers(), custom('EXPIRED')], [request('INITIATED')]).label).toBe('Request Initiated');
    expect(customCard([...tiers(), custom('EXPIRED')], []).label).toBe('Renew Plan');
  });

  it('shows the custom plan in use over a newer unused one', () => {
    const used = custom('ACTIVE', { _id: 'used' });
    const newer = custom(null, { _id: 'newer' });
    expect(customPlanOf([used, newer])?._id).toBe('used');
    expect(customPlanOf([custom(null, { _id: 'older' }), newer])?._id).toBe('newer');
    expect(customPlanOf(tiers())).toBeNull();
  });
});
