import { DAY_MS } from '../constants.js';

/**
 * The reports' and dashboard's limits, messages, labels and calendar-day arithmetic (seed 001 §5
 * Reports, §9): what the date pickers check and the dashboard computes with. Builds no schema, so
 * a screen that only shows or checks dates loads no zod; reports.ts builds the calls' schemas from
 * these.
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

/** The usage and report reads of GET /organisation/{id}?action=… */
export const USAGE_READS = ['get_org_csv_usage_reports', 'get_org_product_usage', 'get_org_transaction_stats', 'get_org_total_transaction_counts'] as const;
export type UsageRead = (typeof USAGE_READS)[number];
