import {
  DATE_PRESETS,
  REPORT_MAX_RANGE_DAYS,
  REPORT_MESSAGES,
  REPORT_PAGE_SIZE,
  type ChargeType,
  type DatePreset,
  type EnvironmentName,
  type ReportFilter,
  type TxnStatus,
} from '@verigate/contracts';
import { checkDuration, type DurationValue } from '@/components/duration-picker';

/** What the filter form holds before Run Report. */
export interface ReportDraft {
  searchId: string;
  products: string[];
  appId: string | null;
  status: TxnStatus | null;
  duration: DurationValue;
  chargeType: ChargeType | 'ALL';
  env: EnvironmentName | 'ALL';
}

/**
 * The filters the screen opens with and Clear all returns to: everything, over the last 7 days, so
 * the screen shows the latest calls at once and Run Report never meets an empty Duration.
 */
export const DEFAULT_DRAFT: ReportDraft = {
  searchId: '',
  products: [],
  appId: null,
  status: null,
  duration: { preset: 'Last 7 Days', custom: [null, null] },
  chargeType: 'ALL',
  env: 'ALL',
};

/** The Duration presets of Reports: every preset that fits its 60 days. */
export const REPORT_PRESETS: readonly DatePreset[] = DATE_PRESETS.filter((preset) => preset !== 'Last 120 Days');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DraftProblems = Partial<Record<'searchId' | 'duration', string>>;

/**
 * The report filter of a draft (first page), or what stops it running (seed 001 §5): a Search ID
 * needs no duration and finds its call on any day (an id names one call, and a call older than the
 * default 7 days must still be found); otherwise the duration is mandatory, and a custom one keeps
 * its end on or after its start, at most 60 days later, between 1 Jan 2020 and today.
 */
export function draftFilter(draft: ReportDraft, today: string, timeZone: string): { filter: ReportFilter } | { problems: DraftProblems } {
  const searchId = draft.searchId.trim();
  const problems: DraftProblems = {};
  if (searchId && !UUID.test(searchId)) problems.searchId = REPORT_MESSAGES.invalidSearchId;
  const duration = searchId ? null : checkDuration(draft.duration, REPORT_MAX_RANGE_DAYS, today);
  if (duration && 'error' in duration) problems.duration = duration.error;
  if (problems.searchId || problems.duration) return { problems };

  const filter: ReportFilter = { tz: timeZone, page_no: 1, per_page: REPORT_PAGE_SIZE };
  if (searchId) filter.id = searchId.toLowerCase();
  if (draft.products.length > 0) filter.product_arn = draft.products;
  if (draft.appId) filter.app_id = draft.appId;
  if (draft.status) filter.txn_status = draft.status;
  if (draft.chargeType !== 'ALL') filter.charge_type = draft.chargeType;
  if (draft.env !== 'ALL') filter.env = draft.env;
  if (duration && 'range' in duration) Object.assign(filter, duration.range);
  return { filter };
}

/** The browser's IANA zone (the report's days and times are the user's). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
