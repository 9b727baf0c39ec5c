import { z } from 'zod';
import { ORGANISATION_READS } from './organisation.js';
import { ENVIRONMENTS } from './reference-lists.js';
import { DAY_MS } from './constants.js';

/**
 * Reports and dashboard usage: the calls of seed 001 §7 "Usage, dashboard and reports", the
 * report row and transaction stats row of §3, the rules of §5 Reports and the limits of §9.
 *
 * Dates on the wire are calendar days, `YYYY-MM-DD`, inclusive at both ends. A report's days are
 * days in the zone `tz` (an IANA name, default India Standard Time); its timestamps are answered
 * in that zone with their offset (`2026-11-23T09:15:02.123+05:30`). Dashboard figures are daily
 * rollups whose days are India Standard Time days (`ROLLUP_TIME_ZONE`), the product's home zone.
 */

// ── Limits (seed 001 §9) ─────────────────────────────────────────────────────────────────────

export const REPORT_PAGE_SIZE = 50;
export const REPORT_PAGE_WINDOW = 5;
export const REPORT_MAX_PAGES = 100;
export const REPORT_MAX_RANGE_DAYS = 60;
export const DASHBOARD_MAX_RANGE_DAYS = 120;
export const DASHBOARD_DEFAULT_RANGE_DAYS = 30;
/** The earliest date any range may start on. */
export const EARLIEST_REPORT_DATE = '2020-01-01';
/** The zone of the dashboard's days and the default zone of a report. */
export const ROLLUP_TIME_ZONE = 'Asia/Kolkata';
/** ROLLUP_TIME_ZONE's offset from UTC, in minutes: fixed, as India keeps no daylight saving time. */
export const ROLLUP_UTC_OFFSET_MINUTES = 330;
/** The CSV export's answer header carrying the number of rows it will stream (for a progress bar). */
export const REPORT_CSV_TOTAL_HEADER = 'x-total-count';

// ── Messages (seed 001 §5 Reports, §8) ───────────────────────────────────────────────────────

export const REPORT_MESSAGES = {
  hint: "Set Search/Filter parameters and press 'Run report' to generate the result set.",
  durationMandatory: 'Duration is mandatory',
  endBeforeStart: 'End date cannot be before start date',
  maxRange: (days: number) => `Max difference between dates should be ${days} days`,
  beforeEarliest: 'Dates cannot be before 1 Jan 2020',
  afterToday: 'Dates cannot be after today',
  invalidDate: 'Dates must be calendar dates (YYYY-MM-DD)',
  tooManyPages: `Reports show at most ${REPORT_MAX_PAGES} pages; narrow the filters to see more`,
  invalidSearchId: 'Search ID must be a request, task or group id',
  invalidTimeZone: 'Unknown time zone',
  found: 'Records fetched',
  noRecords: 'No records found!',
  noRecordsDetail: 'Looks like you have no records yet in this category.',
  noDataToDisplay: 'No data to display',
  noDataFound: 'No data found',
} as const;

// ── Values ───────────────────────────────────────────────────────────────────────────────────

/** A report row's `status`: response code 100 is a success, anything else a failure. */
export const TXN_STATUSES = ['SUCCESS', 'FAILURE'] as const;
export type TxnStatus = (typeof TXN_STATUSES)[number];
export const TXN_STATUS_LABELS: Record<TxnStatus, string> = { SUCCESS: 'Success', FAILURE: 'Failure' };

/** Charge Type radio: calls charged to the wallet, or not charged (refused, sandbox, free). */
export const CHARGE_TYPES = ['BILLABLE', 'NON_BILLABLE'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CHARGE_TYPE_LABELS: Record<ChargeType, string> = { BILLABLE: 'Billable', NON_BILLABLE: 'Non-billable' };

// ── Calendar days ────────────────────────────────────────────────────────────────────────────

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day `days` after `date` (negative: before). */
export const addDays = (date: string, days: number): string => fromDayNumber(dayNumber(date) + days);
/** Whole days from `start` to `end` (0 for the same day). */
export const daysBetween = (start: string, end: string): number => dayNumber(end) - dayNumber(start);

/**
 * One formatter per time zone, kept: making one is most of the cost of a call (a statement reads
 * every entry's day). Keyed by the name in lower case, as time zones are matched, so the map holds
 * at most one entry per zone this runtime knows, whatever case a query spells it in.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar day in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string, now: Date): string {
  const key = timeZone.toLowerCase();
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The calendar day in ROLLUP_TIME_ZONE at the instant `now`, by its fixed offset: no time zone data
 * is read (in a browser, the first Intl formatter a page makes loads its locale data, tens of
 * milliseconds on a phone). The same day as `todayIn(ROLLUP_TIME_ZONE, now)`.
 */
export const rollupDayOf = (now: Date): string => new Date(now.getTime() + ROLLUP_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface DateRange {
  start_date: string;
  end_date: string;
}

/**
 * The first broken rule of a date range (seed 001 §5), or undefined: both real dates, not before
 * 1 Jan 2020, end not before start, at most `maxDays` apart and, when `today` is known, not after it.
 */
export function dateRangeProblem(range: DateRange, maxDays: number, today?: string): string | undefined {
  if (!isCalendarDate(range.start_date) || !isCalendarDate(range.end_date)) return REPORT_MESSAGES.invalidDate;
  if (range.start_date < EARLIEST_REPORT_DATE || range.end_date < EARLIEST_REPORT_DATE) return REPORT_MESSAGES.beforeEarliest;
  if (range.end_date < range.start_date) return REPORT_MESSAGES.endBeforeStart;
  if (daysBetween(range.start_date, range.end_date) > maxDays) return REPORT_MESSAGES.maxRange(maxDays);
  if (today !== undefined && range.end_date > today) return REPORT_MESSAGES.afterToday;
  return undefined;
}

/** Seed 001 §5 date presets of the reports and dashboard pickers. Weeks start on Monday. */
export const DATE_PRESETS = [
  'Today',
  'Yesterday',
  'Last 7 Days',
  'This Week',
  'Last Week',
  'Last 30 Days',
  'This Month',
  'Last Month',
  'Last 60 Days',
  'Last 120 Days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The range a preset covers, ending today at the latest. "Last N Days" ends today and spans N days. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monthStart = `${today.slice(0, 8)}01`;
  const lastN = (days: number) => ({ start_date: addDays(today, 1 - days), end_date: today });
  switch (preset) {
    case 'Today':
      return { start_date: today, end_date: today };
    case 'Yesterday':
      return { start_date: addDays(today, -1), end_date: addDays(today, -1) };
    case 'Last 7 Days':
      return lastN(7);
    case 'This Week':
      return { start_date: addDays(today, -weekday), end_date: today };
    case 'Last Week':
      return { start_date: addDays(today, -weekday - 7), end_date: addDays(today, -weekday - 1) };
    case 'Last 30 Days':
      return lastN(30);
    case 'This Month':
      return { start_date: monthStart, end_date: today };
    case 'Last Month': {
      const end = addDays(monthStart, -1);
      return { start_date: `${end.slice(0, 8)}01`, end_date: end };
    }
    case 'Last 60 Days':
      return lastN(60);
    case 'Last 120 Days':
      return lastN(120);
  }
}

/** The period of the same length just before `range` (the usage insight's comparison). */
export function previousPeriod(range: DateRange): DateRange {
  const length = daysBetween(range.start_date, range.end_date) + 1;
  return { start_date: addDays(range.start_date, -length), end_date: addDays(range.start_date, -1) };
}

/** The usage insight's whole-number change against the previous period; null when there was none before. */
export function usageChangePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

// ── Query fields ─────────────────────────────────────────────────────────────────────────────

export const dateField = z.string().max(10).refine(isCalendarDate, { error: REPORT_MESSAGES.invalidDate });
export const timeZoneField = z.string().refine(isTimeZone, { error: REPORT_MESSAGES.invalidTimeZone }).default(ROLLUP_TIME_ZONE);
const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'page_no must be a page number' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'page_no must be a page number' }).max(REPORT_MAX_PAGES, { error: REPORT_MESSAGES.tooManyPages }));
const perPage = z
  .string()
  .regex(/^\d{1,3}$/, { error: `per_page must be a number from 1 to ${REPORT_PAGE_SIZE}` })
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: `per_page must be a number from 1 to ${REPORT_PAGE_SIZE}` })
      .max(REPORT_PAGE_SIZE, { error: `per_page must be a number from 1 to ${REPORT_PAGE_SIZE}` }),
  );
/** A product arn (the path's arn as recorded). */
const arnField = z.string().min(1).max(200);
/** The Products filter: one arn, or several joined by commas. */
const productArnsField = z
  .string()
  .max(4000)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((arn) => arn.trim())
        .filter((arn) => arn.length > 0),
    ),
  ])
  .pipe(z.array(arnField).min(1, { error: 'product_arn must name a product' }).max(100, { error: 'Select at most 100 products' }));
const appIdField = z.uuid({ error: 'app_id must be an app id' });
const envField = z.enum(ENVIRONMENTS, { error: 'env must be TEST or PRODUCTION' });

export function requireRange(value: { start_date?: string; end_date?: string }, maxDays: number, context: z.core.$RefinementCtx, optional: boolean) {
  const { start_date, end_date } = value;
  if (start_date === undefined || end_date === undefined) {
    if (optional && start_date === undefined && end_date === undefined) return;
    context.addIssue({ code: 'custom', message: REPORT_MESSAGES.durationMandatory, path: ['start_date'] });
    return;
  }
  const problem = dateRangeProblem({ start_date, end_date }, maxDays);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['end_date'] });
}

/** The filter of a report and of its CSV export: dates are optional only when a Search ID is given. */
const reportFilterFields = {
  id: z.uuid({ error: REPORT_MESSAGES.invalidSearchId }).optional(),
  product_arn: productArnsField.optional(),
  charge_type: z.enum(CHARGE_TYPES, { error: 'charge_type must be BILLABLE or NON_BILLABLE' }).optional(),
  txn_status: z.enum(TXN_STATUSES, { error: 'txn_status must be SUCCESS or FAILURE' }).optional(),
  env: envField.optional(),
  app_id: appIdField.optional(),
  start_date: dateField.optional(),
  end_date: dateField.optional(),
  tz: timeZoneField,
  page_no: pageNumber.default(1),
  per_page: perPage.default(REPORT_PAGE_SIZE),
};

/**
 * GET /organisation/{id}?action=get_org_csv_usage_reports&page_no&per_page&id&product_arn&charge_type
 * &txn_status&env&app_id&start_date&end_date[&tz]. A Search ID matches a call's request id
 * (`id`), task id or group id.
 */
export const reportQuery = z
  .strictObject({ action: z.literal('get_org_csv_usage_reports'), ...reportFilterFields })
  .superRefine((value, context) => requireRange(value, REPORT_MAX_RANGE_DAYS, context, value.id !== undefined));
export type ReportQuery = z.output<typeof reportQuery>;
/** The filter part of a report query (what the service reads). */
export type ReportFilter = Omit<ReportQuery, 'action'>;

/**
 * GET /organisation/{id}/usage-report.csv?…the report's filter…&scope=all|page: the filter's whole
 * result (`all`, the default) or the one page `page_no`/`per_page` names (`page`), as CSV.
 */
export const REPORT_CSV_SCOPES = ['all', 'page'] as const;
export type ReportCsvScope = (typeof REPORT_CSV_SCOPES)[number];
export const reportCsvQuery = z
  .strictObject({ ...reportFilterFields, scope: z.enum(REPORT_CSV_SCOPES, { error: 'scope must be all or page' }).default('all') })
  .superRefine((value, context) => requireRange(value, REPORT_MAX_RANGE_DAYS, context, value.id !== undefined));
export type ReportCsvQuery = z.output<typeof reportCsvQuery>;
/** The CSV export's path under /api. */
export const reportCsvPath = (organisationId: string) => `/organisation/${organisationId}/usage-report.csv`;

/** GET /organisation/{id}?action=get_org_product_usage&arn&start_date&end_date: at most 120 days. */
export const productUsageQuery = z
  .strictObject({
    action: z.literal('get_org_product_usage'),
    arn: arnField.optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
  })
  .superRefine((value, context) => requireRange(value, DASHBOARD_MAX_RANGE_DAYS, context, false));
export type ProductUsageQuery = z.output<typeof productUsageQuery>;

/** GET /organisation/{id}?action=get_org_transaction_stats&app_id&env&start_date&end_date: at most 120 days. */
export const transactionStatsQuery = z
  .strictObject({
    action: z.literal('get_org_transaction_stats'),
    app_id: appIdField.optional(),
    env: envField.optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
  })
  .superRefine((value, context) => requireRange(value, DASHBOARD_MAX_RANGE_DAYS, context, false));
export type TransactionStatsQuery = z.output<typeof transactionStatsQuery>;

/** GET /organisation/{id}?action=get_org_total_transaction_counts: every call the organisation made. */
export const totalTransactionCountsQuery = z.strictObject({ action: z.literal('get_org_total_transaction_counts') });

/** The usage and report reads of GET /organisation/{id}?action=… */
export const USAGE_READS = ['get_org_csv_usage_reports', 'get_org_product_usage', 'get_org_transaction_stats', 'get_org_total_transaction_counts'] as const;
export type UsageRead = (typeof USAGE_READS)[number];

/**
 * The query of GET /organisation/{id} as its route reads it first: the action, then the action's
 * own schema (organisationGetQuery, or one of the usage reads' above) checks the rest.
 */
export const organisationReadQuery = z.looseObject({
  action: z.enum([...ORGANISATION_READS, ...USAGE_READS], { error: 'Unknown action' }).optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

/** An instant in the report's zone with its offset, e.g. 2026-11-23T09:15:02.123+05:30. */
const zonedTimestamp = z.string();

/** Seed 001 §3 Report row: one call. `product` is the called arn; `app_id` null once the app was deleted. */
export const reportRow = z.strictObject({
  id: z.string(),
  product: z.string(),
  product_version: z.string(),
  request_timestamp: zonedTimestamp,
  response_timestamp: zonedTimestamp,
  response_code: z.number().int().nullable(),
  status: z.enum(TXN_STATUSES),
  env: z.enum(ENVIRONMENTS),
  task_id: z.string(),
  app_id: z.string().nullable(),
  group_id: z.string(),
  client_ip: z.string(),
});
export type ReportRow = z.infer<typeof reportRow>;
/** The CSV export's columns, in order: the report row's fields. */
export const REPORT_CSV_COLUMNS = Object.keys(reportRow.shape) as (keyof ReportRow)[];

/** The answer of get_org_csv_usage_reports: `message` is REPORT_MESSAGES.found or .noRecords. */
export const reportPage = z.strictObject({
  message: z.string(),
  data: z.strictObject({
    rows: z.array(reportRow),
    /** Every row the filter matches (pages beyond REPORT_MAX_PAGES are not served). */
    total: z.number().int().nonnegative(),
    page_no: z.number().int(),
    per_page: z.number().int(),
    /** Pages that can be opened: min(ceil(total / per_page), REPORT_MAX_PAGES). */
    total_pages: z.number().int(),
    /** The zone the timestamps are written in. */
    tz: z.string(),
  }),
});
export type ReportPage = z.infer<typeof reportPage>;

/**
 * How fresh a dashboard figure is: rollups are written in the statement that records each call,
 * so `as_of` is the moment the figure was read and includes every call recorded before it.
 */
const freshness = {
  /** ISO instant (UTC) the figures were read at. */
  as_of: z.string(),
  /** The zone of the figures' days. */
  time_zone: z.string(),
};

export const usagePoint = z.strictObject({ date: z.string(), transaction_count: z.number().int().nonnegative() });
export type UsagePoint = z.infer<typeof usagePoint>;
/**
 * The answer of get_org_product_usage: one point per day of the range (zero included), the
 * range's total and the total of the previous period of the same length (the usage insight).
 */
export const productUsage = z.strictObject({
  ...freshness,
  arn: z.string().nullable(),
  usage: z.array(usagePoint),
  total: z.number().int().nonnegative(),
  previous_total: z.number().int().nonnegative(),
});
export type ProductUsage = z.infer<typeof productUsage>;

/** Seed 001 §3 Transaction stats row. `test_credits`: test credits the calls spent in the range. */
export const transactionStatsRow = z.strictObject({
  product_arn: z.string(),
  product_name: z.string(),
  test_credits: z.number().int().nonnegative(),
  billable_txn_count: z.number().int().nonnegative(),
  success_txn_count: z.number().int().nonnegative(),
  failure_txn_count: z.number().int().nonnegative(),
});
export type TransactionStatsRow = z.infer<typeof transactionStatsRow>;
export const transactionStats = z.strictObject({ ...freshness, stats: z.array(transactionStatsRow) });
export type TransactionStats = z.infer<typeof transactionStats>;

export const totalTransactionCounts = z.strictObject({ ...freshness, total_count: z.number().int().nonnegative() });
export type TotalTransactionCounts = z.infer<typeof totalTransactionCounts>;
