import { describe, expect, it } from 'vitest';
import { addBalanceRequestBody, alertBalanceUpdateRequest, paymentCreateRequest } from './billing.js';
import {
  callbackState,
  defaultAlertPaise,
  formatIndianDigits,
  formatRupees,
  formatWithGst,
  paiseToRupees,
  paymentDisplay,
  paymentTypeLabel,
  planCardLabel,
  planRequestRefusal,
  rupeesToPaise,
  withGst,
} from './rules/billing.js';
import { addBalanceRules, alertAmountRules } from './rules/amount.js';
import { firstBrokenRule } from './rules/rule.js';

const messageOf = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, body: unknown) =>
  schema.safeParse(body).error?.issues[0]?.message ?? null;

describe('alert balance / daily consumption amount (seed 001 §5)', () => {
  it.each([
    ['', 'Amount Can not be empty'],
    ['  ', 'Amount Can not be empty'],
    [',', 'Amount Can not be empty'],
    ['-500', 'Amount should not be negative'],
    ['12.5', 'Enter a valid Amount'],
    ['12a', 'Enter a valid Amount'],
    ['1234567890', 'Enter a valid Amount'],
    ['0', 'Amount Can not be zero or negative'],
    ['000', 'Amount Can not be zero or negative'],
    ['2,000', null],
    ['1', null],
  ])('%j → %s', (value, message) => expect(firstBrokenRule(alertAmountRules, value)).toBe(message));

  it('accepts a number or the form text, strips commas and parses to rupees', () => {
    expect(alertBalanceUpdateRequest.parse({ alert_balance: '12,000' })).toEqual({ alert_balance: 12000 });
    expect(alertBalanceUpdateRequest.parse({ alert_balance: 500 })).toEqual({ alert_balance: 500 });
    expect(messageOf(alertBalanceUpdateRequest, {})).toBe('Amount Can not be empty');
    expect(messageOf(alertBalanceUpdateRequest, { alert_balance: -1 })).toBe('Amount should not be negative');
    expect(messageOf(alertBalanceUpdateRequest, { alert_balance: 0 })).toBe('Amount Can not be zero or negative');
    expect(messageOf(alertBalanceUpdateRequest, { alert_balance: 10.5 })).toBe('Enter a valid Amount');
    expect(messageOf(alertBalanceUpdateRequest, { alert_balance: true })).toBe('Enter a valid Amount');
    expect(messageOf(addBalanceRequestBody, { balance_amount: '10,000' })).toBeNull();
  });
});

describe('add balance amount (seed 001 §5, §9)', () => {
  it.each([
    ['', 'Amount can not be empty'],
    ['abc', 'Enter a valid Amount'],
    ['-1000', 'Enter a valid Amount'],
    ['999', 'Amount should not be less than 1000'],
    ['1000', null],
    ['50,000', null],
    ['50001', 'Amount should not be more than 50000'],
  ])('%j → %s', (value, message) => expect(firstBrokenRule(addBalanceRules(), value)).toBe(message));

  it('takes other limits when the form overrides the defaults', () => {
    expect(firstBrokenRule(addBalanceRules(500, 600), '700')).toBe('Amount should not be more than 600');
  });

  it('validates POST /payment/create bodies at and beyond the limits', () => {
    expect(paymentCreateRequest.parse({ amount: 1000 })).toEqual({ amount: 1000 });
    expect(paymentCreateRequest.parse({ amount: '50,000' })).toEqual({ amount: 50000 });
    expect(messageOf(paymentCreateRequest, { amount: 999 })).toBe('Amount should not be less than 1000');
    expect(messageOf(paymentCreateRequest, { amount: 50001 })).toBe('Amount should not be more than 50000');
    expect(messageOf(paymentCreateRequest, { amount: null })).toBe('Amount can not be empty');
    expect(messageOf(paymentCreateRequest, { amount: 1000, extra: 1 })).not.toBeNull();
  });
});

describe('money helpers', () => {
  it('converts rupees and paise without float drift and takes the 20 % default alert', () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1234.56)).toBe(123456);
    expect(paiseToRupees(123456)).toBe(1234.56);
    expect(defaultAlertPaise(2_500_000)).toBe(500_000);
    expect(formatRupees(10000)).toBe('₹10,000');
    expect(formatRupees(1234.5)).toBe('₹1,234.50');
  });
});

describe("amounts and counts in India's digit grouping", () => {
  it('writes what Intl writes for en-IN, without asking it', () => {
    const wholes = [0, 7, 99, 999, 1_000, 12_345, 99_999, 1_00_000, 12_34_567, 9_99_99_999, 1_23_45_67_890, 90_07_19_92_54_74_09_91, -1, -12_34_567];
    for (const whole of wholes) expect(formatIndianDigits(whole)).toBe(whole.toLocaleString('en-IN'));
    const amounts = [...wholes.filter((whole) => Math.abs(whole) < 1e12), 0.5, 0.05, 1234.5, 1234.56, 1_00_000.01, 99.999, -0.5, -1234.56];
    for (let paise = 1; paise < 300_000; paise += 977) amounts.push(paise / 100);
    for (const rupees of amounts) {
      expect(formatRupees(rupees)).toBe(
        `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(rupees) ? 0 : 2, maximumFractionDigits: 2 })}`,
      );
    }
  });
});

describe('GST on top of a pre-tax amount', () => {
  it('adds the rate rounded once to the paisa, half up, so the parts always add up', () => {
    expect(withGst(1_000_000, 18)).toEqual({ amountPaise: 1_000_000, gstPaise: 180_000, totalPaise: 1_180_000 });
    expect(withGst(1_000_000, 12)).toEqual({ amountPaise: 1_000_000, gstPaise: 120_000, totalPaise: 1_120_000 });
    // 18 % of 25 paise is 4.5 paise: half up to 5; of 1 paisa 0.18: down to 0.
    expect(withGst(25, 18)).toEqual({ amountPaise: 25, gstPaise: 5, totalPaise: 30 });
    expect(withGst(1, 18).gstPaise).toBe(0);
    expect(withGst(5_000_000, 0)).toEqual({ amountPaise: 5_000_000, gstPaise: 0, totalPaise: 5_000_000 });
    for (let amount = 0; amount <= 100_000; amount += 13) {
      const { gstPaise, totalPaise } = withGst(amount, 18);
      expect(Number.isInteger(gstPaise)).toBe(true);
      expect(Math.abs(gstPaise - (amount * 18) / 100)).toBeLessThanOrEqual(0.5);
      expect(totalPaise).toBe(amount + gstPaise);
    }
  });

  it('shows a price with its GST and the total', () => {
    expect(formatWithGst(10000, 18)).toBe('₹10,000 + 18% GST = ₹11,800');
    expect(formatWithGst(1234.5, 18)).toBe('₹1,234.50 + 18% GST = ₹1,456.71');
  });
});

describe('payment display (seed 001 §4)', () => {
  it.each([
    ['ACTIVE', 'Initiated', 'processing'],
    ['PAID', 'Success', 'success'],
    ['SUCCESS', 'Success', 'success'],
    ['COMPLETED', 'Success', 'success'],
    ['EXPIRED', 'Failed', 'failed'],
    ['CANCELLED', 'Failed', 'failed'],
    ['ERROR', 'Failed', 'failed'],
    ['PARTIALLY_PAID', 'Partially_paid', 'processing'],
  ])('%s → %s (%s)', (status, label, state) => expect(paymentDisplay(status)).toEqual({ label, state }));

  it('names the payment types', () => {
    expect(paymentTypeLabel('WALLET_ADJUSTMENT')).toBe('Wallet Adjustment');
    expect(paymentTypeLabel('EXTERNAL')).toBe('External Payment');
    expect(paymentTypeLabel('INTERNAL')).toBe('Internal Payment');
    expect(paymentTypeLabel('BALANCE_TOP_UP')).toBe('Balance Topup');
  });

  it('maps a payment link status to the callback page state', () => {
    expect(callbackState('paid')).toBe('success');
    expect(['error', 'cancelled', 'expired'].map(callbackState)).toEqual(['failure', 'failure', 'failure']);
    expect(callbackState('active')).toBe('processing');
    expect(callbackState('partially_paid')).toBe('billing');
  });
});

describe('plan cards and Request Plan (seed 001 §4)', () => {
  const card = (status: string | null) => ({ subscription_status: status as never });
  it('labels a card from its own status and the others', () => {
    expect(planCardLabel(card('ACTIVE'), [card('ACTIVE')])).toBe('Current Plan');
    expect(planCardLabel(card('EXPIRED'), [card('EXPIRED'), card(null)])).toBe('Renew Plan');
    expect(planCardLabel(card('EXPIRED'), [card('EXPIRED'), card('ACTIVE')])).toBe('Request Plan');
    expect(planCardLabel(card('EXPIRED'), [card('EXPIRED'), card('PAYMENT_RECEIVED')])).toBe('Request Plan');
    expect(planCardLabel(card('PAYMENT_PENDING'), [])).toBe('Payment Pending');
    expect(planCardLabel(card('PAYMENT_RECEIVED'), [])).toBe('Payment Received');
    expect(planCardLabel(card(null), [])).toBe('Request Plan');
  });

  it('refuses Request Plan after a received payment or on an active POSTPAID plan', () => {
    expect(planRequestRefusal({ paymentReceived: true, activePlanType: 'PREPAID' })).toMatch(/payment has been received/);
    expect(planRequestRefusal({ paymentReceived: false, activePlanType: 'POSTPAID' })).toMatch(/POSTPAID/);
    expect(planRequestRefusal({ paymentReceived: false, activePlanType: 'PREPAID' })).toBeNull();
    expect(planRequestRefusal({ paymentReceived: false, activePlanType: null })).toBeNull();
  });
});
