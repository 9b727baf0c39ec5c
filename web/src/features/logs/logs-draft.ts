import { DATE_PRESETS, REPORT_MAX_RANGE_DAYS, REPORT_MESSAGES, type DatePreset, type EnvironmentName } from '@verigate/contracts';
import { checkDuration, type DurationValue } from '@/components/duration-picker';
import type { LogsSearch } from '@/lib/api/logs/get-logs';

/** What the API Logs filter form holds before Search. */
export interface LogsDraft {
  search: string;
  product: string | null;
  appId: string | null;
  keyName: string;
  env: EnvironmentName | 'ALL';
  responseCode: string;
  billable: 'ALL' | 'true' | 'false';
  clientIp: string;
  duration: DurationValue;
}

/** The screen opens on the last 7 days' calls, as Usage does. */
export const DEFAULT_LOGS_DRAFT: LogsDraft = {
  search: '',
  product: null,
  appId: null,
  keyName: '',
  env: 'ALL',
  responseCode: '',
  billable: 'ALL',
  clientIp: '',
  duration: { preset: 'Last 7 Days', custom: [null, null] },
};

/** The Duration presets that fit the 60 days, as in Usage. */
export const LOG_PRESETS: readonly DatePreset[] = DATE_PRESETS.filter((preset) => preset !== 'Last 120 Days');

/** The browser's IANA zone (the days and times shown are the user's). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type LogsProblems = Partial<Record<'search' | 'duration' | 'responseCode', string>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RESPONSE_CODE_MESSAGE = 'Response code must be a number of up to 3 digits, or none';

/**
 * The query of a draft, or what stops it (the reports' rules and messages): an id needs no
 * duration and finds its call on any day within the retention; otherwise the duration is
 * mandatory, at most 60 days, between 1 Jan 2020 and today.
 */
export function draftSearch(draft: LogsDraft, today: string, timeZone: string): { search: LogsSearch } | { problems: LogsProblems } {
  const id = draft.search.trim();
  const code = draft.responseCode.trim().toLowerCase();
  const problems: LogsProblems = {};
  if (id && !UUID.test(id)) problems.search = REPORT_MESSAGES.invalidSearchId;
  if (code && !/^(\d{1,3}|none)$/.test(code)) problems.responseCode = RESPONSE_CODE_MESSAGE;
  const duration = id ? null : checkDuration(draft.duration, REPORT_MAX_RANGE_DAYS, today);
  if (duration && 'error' in duration) problems.duration = duration.error;
  if (problems.search || problems.duration || problems.responseCode) return { problems };
  const search: LogsSearch = { tz: timeZone };
  if (id) search.search = id.toLowerCase();
  if (draft.product) search.product_arn = draft.product;
  if (draft.appId) search.app_id = draft.appId;
  if (draft.keyName.trim()) search.key_name = draft.keyName.trim();
  if (draft.env !== 'ALL') search.env = draft.env;
  if (code) search.response_code = code;
  if (draft.billable !== 'ALL') search.billable = draft.billable;
  if (draft.clientIp.trim()) search.client_ip = draft.clientIp.trim();
  if (duration && 'range' in duration) Object.assign(search, duration.range);
  return { search };
}

/** The provider-API path of a product arn: in_identity_pan_lite → /test/api/v1/in/identity/pan/lite. */
export const providerPath = (arn: string, env: EnvironmentName) => `/${env === 'TEST' ? 'test' : 'live'}/api/v1/${arn.split('_').join('/')}`;

/** A shell word: single-quoted, a quote inside closed, escaped and reopened. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The call as a cURL command: the app id header and a placeholder where the key goes (the key is
 * never stored), and the request as it was kept (masked).
 */
export function curlOf(origin: string, log: { product: string; env: EnvironmentName; app_id: string | null; request: unknown }): string {
  const lines = [
    `curl -X POST ${shellWord(`${origin}${providerPath(log.product, log.env)}`)}`,
    `  -H 'content-type: application/json'`,
    `  -H ${shellWord(`app-id: ${log.app_id ?? 'YOUR_APP_ID'}`)}`,
    `  -H 'api-key: YOUR_API_KEY'`,
    `  --data ${shellWord(JSON.stringify(log.request ?? {}))}`,
  ];
  return lines.join(' \\\n');
}
