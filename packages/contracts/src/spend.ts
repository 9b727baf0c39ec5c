import { z } from 'zod';

/**
 * Spend controls of a prepaid wallet (docs/decisions/0021-spend-controls.md): low-balance
 * thresholds as percentages of the current plan amount, a daily spend cap that refuses live calls
 * past it (response code 114), and the Billing page's spend figures. Money on the wire is rupees
 * (paise in the database), dates epoch milliseconds.
 */

export const DEFAULT_ALERT_PERCENTS = [50, 25, 10] as const;
export const MAX_ALERT_PERCENTS = 5;
/** The largest daily cap a person may set, in whole rupees (₹1 crore). */
export const DAILY_CAP_MAX_RUPEES = 10_000_000;
/** The days the burn rate averages the ledger's charges over. */
export const BURN_RATE_DAYS = 7;

export const SPEND_MESSAGES = {
  percent: 'Each threshold is a whole percentage between 1 and 99',
  tooManyPercents: `Set at most ${MAX_ALERT_PERCENTS} thresholds`,
  repeatedPercent: 'Each threshold can be set only once',
  dailyCap: 'Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty',
  saved: 'Your spend controls have been saved',
} as const;

export const spendSettingsPath = '/billing/spend-settings';
export const spendSummaryPath = '/billing/spend-summary';

/** PUT: the thresholds (largest first once saved) and the daily cap in whole rupees, null for none. */
export const spendSettingsRequest = z.strictObject({
  alert_percents: z
    .array(z.number({ error: SPEND_MESSAGES.percent }).int(SPEND_MESSAGES.percent).min(1, SPEND_MESSAGES.percent).max(99, SPEND_MESSAGES.percent), {
      error: SPEND_MESSAGES.percent,
    })
    .max(MAX_ALERT_PERCENTS, SPEND_MESSAGES.tooManyPercents)
    .refine((percents) => new Set(percents).size === percents.length, SPEND_MESSAGES.repeatedPercent),
  daily_cap: z
    .number({ error: SPEND_MESSAGES.dailyCap })
    .int(SPEND_MESSAGES.dailyCap)
    .min(1, SPEND_MESSAGES.dailyCap)
    .max(DAILY_CAP_MAX_RUPEES, SPEND_MESSAGES.dailyCap)
    .nullable(),
});
export type SpendSettingsRequest = z.infer<typeof spendSettingsRequest>;

/**
 * GET (and PUT's answer): the settings, each threshold's amount in rupees on the current plan
 * (null without an active plan), and what today (Asia/Kolkata) has held or spent of the cap.
 */
export const spendSettings = z.strictObject({
  alert_percents: z.array(z.number().int()),
  daily_cap: z.number().nullable(),
  plan_amount: z.number().nullable(),
  thresholds: z.array(z.strictObject({ percent: z.number().int(), amount: z.number() })),
  spent_today: z.number(),
});
export type SpendSettings = z.infer<typeof spendSettings>;

/** Live calls of the current plan period with one response code (null: refused before a code, e.g. no plan). */
export const callCount = z.strictObject({ response_code: z.number().int().nullable(), billable: z.boolean(), calls: z.number().int() });
export type CallCount = z.infer<typeof callCount>;

/**
 * GET /billing/spend-summary: the burn rate (rupees per day, the ledger's live-call charges of the
 * last 7 days over 7), the days the balance lasts at that rate (null without spend or without a
 * PREPAID balance), and the live calls of the current plan period by response code.
 */
export const spendSummary = z.strictObject({
  balance: z.number().nullable(),
  burn_rate_per_day: z.number(),
  days_left: z.number().nullable(),
  period_start: z.number().nullable(),
  period_end: z.number().nullable(),
  calls: z.array(callCount),
});
export type SpendSummary = z.infer<typeof spendSummary>;

/** Days of balance left at a burn rate (paise): whole days, rounded down; null when nothing is spent. */
export const daysLeft = (balancePaise: number, burnPaisePerDay: number): number | null =>
  burnPaisePerDay > 0 ? Math.max(0, Math.floor(balancePaise / burnPaisePerDay)) : null;
