import { z } from 'zod';
import { firstBrokenRule, type Rule } from './rule.js';

/** Seed 001 §5 "Billing amounts": the alert balance (PREPAID) or daily consumption (POSTPAID) field. */
export const ALERT_AMOUNT_MESSAGES = {
  empty: 'Amount Can not be empty',
  zeroOrNegative: 'Amount Can not be zero or negative',
  invalid: 'Enter a valid Amount',
  negative: 'Amount should not be negative',
} as const;

/** Seed 001 §5 "Billing amounts": the Add Balance field. */
export const ADD_BALANCE_MESSAGES = {
  empty: 'Amount can not be empty',
  invalid: 'Enter a valid Amount',
  tooSmall: (min: number) => `Amount should not be less than ${min}`,
  tooLarge: (max: number) => `Amount should not be more than ${max}`,
} as const;

/** Seed 001 §9: add balance 1000 to 50000 rupees (the form's defaults, overridable). */
export const ADD_BALANCE_MIN = 1000;
export const ADD_BALANCE_MAX = 50000;
/** Seed 001 §7: the amount an add-balance request to the provider's team carries. */
export const ADD_BALANCE_REQUEST_AMOUNT = 10000;
/** The largest whole-rupee amount any amount field takes (9 digits): beyond it 'Enter a valid Amount'. */
export const AMOUNT_MAX_DIGITS = 9;

/** Commas are stripped before any rule (seed 001 §5), so '10,000' is 10000. */
export const stripCommas = (text: string): string => text.replace(/,/g, '').trim();

const WHOLE_RUPEES = new RegExp(`^\\d{1,${AMOUNT_MAX_DIGITS}}$`);
const NEGATIVE_NUMBER = /^-\s*\d+(\.\d+)?$/;

/**
 * The alert balance / daily consumption rules, in the order they are checked: empty, a negative
 * number, anything but digits, then zero. Each message of the seed is reachable.
 */
export const alertAmountRules: readonly Rule[] = [
  { test: (value) => stripCommas(value).length > 0, message: ALERT_AMOUNT_MESSAGES.empty },
  { test: (value) => !NEGATIVE_NUMBER.test(stripCommas(value)), message: ALERT_AMOUNT_MESSAGES.negative },
  { test: (value) => WHOLE_RUPEES.test(stripCommas(value)), message: ALERT_AMOUNT_MESSAGES.invalid },
  { test: (value) => Number(stripCommas(value)) > 0, message: ALERT_AMOUNT_MESSAGES.zeroOrNegative },
];

/** The Add Balance rules with the seed's defaults 1000–50000 (whole rupees, commas stripped). */
export const addBalanceRules = (min = ADD_BALANCE_MIN, max = ADD_BALANCE_MAX): readonly Rule[] => [
  { test: (value) => stripCommas(value).length > 0, message: ADD_BALANCE_MESSAGES.empty },
  { test: (value) => WHOLE_RUPEES.test(stripCommas(value)), message: ADD_BALANCE_MESSAGES.invalid },
  { test: (value) => Number(stripCommas(value)) >= min, message: ADD_BALANCE_MESSAGES.tooSmall(min) },
  { test: (value) => Number(stripCommas(value)) <= max, message: ADD_BALANCE_MESSAGES.tooLarge(max) },
];

/** The whole rupees a field's text stands for once it keeps its rules (commas stripped). */
export const amountOf = (text: string): number => Number(stripCommas(text));

/**
 * A whole-rupee amount on the wire: a number, or the form's text (commas allowed). The first
 * broken rule is the one message answered; a missing field answers the rules' "empty" message.
 * Parses to a number of rupees.
 */
export function amountField(rules: readonly Rule[]) {
  const [first] = rules;
  if (!first) throw new Error('amountField needs at least one rule');
  return z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined || issue.input === null ? first.message : ALERT_AMOUNT_MESSAGES.invalid) })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
      const message = firstBrokenRule(rules, text);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return amountOf(text);
    });
}
