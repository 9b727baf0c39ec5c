import { z } from 'zod';
import { ORGANISATION_READS } from './rules/organisation.js';
import { ENVIRONMENTS } from './reference-lists.js';
import {
  CHARGE_TYPES,
  DASHBOARD_MAX_RANGE_DAYS,
  REPORT_MAX_PAGES,
  REPORT_MAX_RANGE_DAYS,
  REPORT_MESSAGES,
  REPORT_PAGE_SIZE,
  ROLLUP_TIME_ZONE,
  TXN_STATUSES,
  USAGE_READS,
  dateRangeProblem,
  isCalendarDate,
  isTimeZone,
} from './rules/reports.js';

/**
 * Reports and dashboard usage: the calls of seed 001 §7 "Usage, dashboard and reports", the
 * report row and transaction stats row of §3, the rules of §5 Reports and the limits of §9.
 *
 * Dates on the wire are calendar days, `YYYY-MM-DD`, inclusive at both ends. A report's days are
 * days in the zone `tz` (an IANA name, default India Standard Time); its timestamps are answered
 * in that zone with their offset (`2026-11-23T09:15:02.123+05:30`). Dashboard figures are daily
 * rollups whose days are India Standard Time days (`ROLLUP_TIME_ZONE`), the product's home zone.
 * Their limits, messages and day arithmetic are in rules/reports.ts.
 */

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
