import type { Plan, PlanSubscriptionStatus } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { CLOSED, activationBlock, planRequestMachine, type PlanRequestEvent, type PlanRequestStep } from './plan-request';

const plan = (name: string, amount: number, status: PlanSubscriptionStatus | null = null): Plan => ({
  _id: name,
  plan_name: name,
  plan_code: name.toUpperCase(),
  plan_type: 'PREPAID',
  is_custom_plan: false,
  subscription_status: status,
  prepaid_recharge_amount: amount,
  plan_validity: 12,
  pricing: {},
});
const run = (...events: PlanRequestEvent[]) => events.reduce<PlanRequestStep>(planRequestMachine, CLOSED);
const choose = (chosen: Plan, plans: Plan[]): PlanRequestEvent => ({ type: 'choose', plan: chosen, plans });

const lite = plan('Lite', 10000);
const plus = plan('Plus', 25000);

describe('requesting a plan', () => {
  it('goes straight to the payment details when nothing is active or pending, to activate on payment', () => {
    expect(run(choose(plus, [lite, plus]))).toEqual({ name: 'confirm', plan: plus, enableImmediately: true });
  });

  it('registers the request once it is confirmed and the server agrees', () => {
    expect(run(choose(plus, [lite, plus]), { type: 'subscribed' })).toEqual({ name: 'registered', plan: plus, enableImmediately: true });
  });

  it('upgrades without a warning', () => {
    const active = plan('Lite', 10000, 'ACTIVE');
    expect(run(choose(plus, [active, plus])).name).toBe('confirm');
  });

  it('warns of a downgrade, then Enable Now pays and activates, Enable Later activates on expiry', () => {
    const active = plan('Plus', 25000, 'ACTIVE');
    const warned = run(choose(lite, [lite, active]));
    expect(warned).toEqual({ name: 'downgrade', plan: lite, active });
    expect(planRequestMachine(warned, { type: 'enable', immediately: true })).toEqual({ name: 'confirm', plan: lite, enableImmediately: true });
    expect(planRequestMachine(warned, { type: 'enable', immediately: false })).toEqual({ name: 'confirm', plan: lite, enableImmediately: false });
  });

  it('asks before replacing another plan that awaits payment, then carries on with the downgrade check', () => {
    const active = plan('Plus', 25000, 'ACTIVE');
    const pending = plan('Premium', 100000, 'PAYMENT_PENDING');
    const asked = run(choose(lite, [lite, active, pending]));
    expect(asked).toEqual({ name: 'replace-pending', plan: lite, pending, active });
    expect(planRequestMachine(asked, { type: 'replace-confirmed' })).toEqual({ name: 'downgrade', plan: lite, active });
    expect(planRequestMachine(asked, { type: 'close' })).toEqual(CLOSED);
  });

  it('ignores events that do not belong to the current popup', () => {
    const confirm = run(choose(plus, [lite, plus]));
    expect(planRequestMachine(confirm, { type: 'replace-confirmed' })).toBe(confirm);
    expect(planRequestMachine(confirm, { type: 'enable', immediately: false })).toBe(confirm);
    expect(planRequestMachine(CLOSED, { type: 'subscribed' })).toBe(CLOSED);
    expect(planRequestMachine(CLOSED, { type: 'contact-sales-registered' })).toBe(CLOSED);
  });

  it('shows where to pay for the plan that awaits payment, without a new request', () => {
    expect(run({ type: 'show-payment', plan: plus })).toEqual({ name: 'bank-details', plan: plus });
  });

  it('asks for a custom plan through Contact Sales', () => {
    expect(run({ type: 'contact-sales' }, { type: 'contact-sales-registered' })).toEqual({ name: 'contact-sales-registered' });
  });
});

describe('the account activation a plan needs', () => {
  it('lets an activated account, or one whose status is still loading, request a plan', () => {
    expect(activationBlock('ACCOUNT_ACTIVATED')).toBeNull();
    expect(activationBlock('PLAN_SUBSCRIBED')).toBeNull();
    expect(activationBlock(undefined)).toBeNull();
  });

  it('says activation is awaited once requested, and offers the activation popup before', () => {
    expect(activationBlock('ACTIVATION_REQUESTED')).toBe('requested');
    expect(activationBlock('ONBOARDING_COMPLETED')).toBe('pending');
    expect(activationBlock('ORG_CREATED')).toBe('pending');
  });
});
