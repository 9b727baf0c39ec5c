import { z } from 'zod';
import { dateField, requireRange, timeZoneField } from './reports.js';
import { REPORT_MAX_RANGE_DAYS, REPORT_MESSAGES } from './rules/reports.js';
import { ENVIRONMENTS } from './reference-lists.js';

/**
 * API Logs: every provider-API call of an organisation with its request and answer, masked by
 * the catalog before they were stored. GET /api/logs (the calls, newest first, 50 a page, keyset
 * pagination) and GET /api/logs/{requestId} (one call with its bodies), for the members of the
 * organisation the call acts for (`x-org-id`); the organisation's retention setting at
 * GET/PUT /api/organisation/{id}/log-retention. A call older than the retention is never answered.
 * Dates follow the reports' rules and messages (at most 60 days, REPORT_MESSAGES).
 */

export const LOGS_PAGE_SIZE = 50;
export const LOG_RETENTION_DAYS = [30, 90, 180, 365] as const;
export type LogRetentionDays = (typeof LOG_RETENTION_DAYS)[number];
export const DEFAULT_LOG_RETENTION_DAYS: LogRetentionDays = 90;

export const LOGS_MESSAGES = {
  notFound: 'Log not found',
  invalidCursor: 'cursor must be a cursor from a previous page',
} as const;

export const logsPath = '/logs';
export const logPath = (requestId: string) => `/logs/${requestId}`;
export const logRetentionPath = (organisationId: string) => `/organisation/${organisationId}/log-retention`;

const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** A page's continuation: the last row's instant (to the microsecond, UTC) and request id, base64url. */
export function encodeLogCursor(createdAt: string, requestId: string): string {
  const text = `${createdAt}|${requestId}`;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor's instant (ISO, UTC) and request id, or undefined when it is not one this API wrote. */
export function decodeLogCursor(cursor: string): { createdAt: string; requestId: string } | undefined {
  if (!CURSOR.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const [createdAt, requestId, ...rest] = text.split('|');
  if (rest.length > 0 || createdAt === undefined || requestId === undefined || !UUID.test(requestId)) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, requestId };
}

const arnField = z.string().min(1, { error: 'product_arn must name a product' }).max(200);

/**
 * GET /api/logs?search&product_arn&app_id&key_name&env&response_code&billable&client_ip&start_date
 * &end_date[&tz][&cursor]. `search` matches a call's request id, task id or group id; dates are
 * optional only with `search`. `response_code=none` selects the refusals that carry no code.
 */
export const logsQuery = z
  .strictObject({
    search: z.uuid({ error: REPORT_MESSAGES.invalidSearchId }).optional(),
    product_arn: arnField.optional(),
    app_id: z.uuid({ error: 'app_id must be an app id' }).optional(),
    key_name: z.string().min(1, { error: 'key_name must name a key' }).max(100, { error: 'key_name must name a key' }).optional(),
    env: z.enum(ENVIRONMENTS, { error: 'env must be TEST or PRODUCTION' }).optional(),
    response_code: z
      .string()
      .regex(/^(\d{1,3}|none)$/, { error: 'response_code must be a response code or none' })
      .transform((text) => (text === 'none' ? null : Number(text)))
      .optional(),
    billable: z
      .enum(['true', 'false'], { error: 'billable must be true or false' })
      .transform((text) => text === 'true')
      .optional(),
    client_ip: z.string().min(1, { error: 'client_ip must be an address' }).max(64, { error: 'client_ip must be an address' }).optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
    tz: timeZoneField,
    cursor: z
      .string()
      .refine((text) => decodeLogCursor(text) !== undefined, { error: LOGS_MESSAGES.invalidCursor })
      .optional(),
  })
  .superRefine((value, context) => requireRange(value, REPORT_MAX_RANGE_DAYS, context, value.search !== undefined));
export type LogsQuery = z.output<typeof logsQuery>;

/** Any text: an id that is not a request id is answered as unknown (404), like another organisation's. */
export const logRequestIdParams = z.strictObject({ requestId: z.string().max(200) });
/** GET /api/logs/{requestId}[?tz]: the zone its instant is written in. */
export const logDetailQuery = z.strictObject({ tz: timeZoneField });

/** One call in the list: no bodies. Timestamps in the query's zone with their offset. */
export const apiLogSummary = z.strictObject({
  request_id: z.string(),
  created_at: z.string(),
  product: z.string(),
  app_id: z.string().nullable(),
  app_name: z.string().nullable(),
  key_name: z.string().nullable(),
  key_prefix: z.string().nullable(),
  client_ip: z.string(),
  env: z.enum(ENVIRONMENTS),
  http_status: z.number().int(),
  response_code: z.number().int().nullable(),
  billable: z.boolean(),
  amount_paise: z.number().int().nonnegative(),
  total_latency_ms: z.number().int().nonnegative(),
  upstream_latency_ms: z.number().int().nonnegative().nullable(),
  task_id: z.string(),
  group_id: z.string(),
});
export type ApiLogSummary = z.infer<typeof apiLogSummary>;

/** One call with its masked request and answer, as stored. */
export const apiLogDetail = apiLogSummary.extend({ request: z.unknown(), response: z.unknown() });
export type ApiLogDetail = z.infer<typeof apiLogDetail>;

/** The answer of GET /api/logs: `message` is REPORT_MESSAGES.found or .noRecords; `next_cursor` null on the last page. */
export const apiLogPage = z.strictObject({
  message: z.string(),
  rows: z.array(apiLogSummary),
  next_cursor: z.string().nullable(),
  tz: z.string(),
  retention_days: z.number().int(),
});
export type ApiLogPage = z.infer<typeof apiLogPage>;

export const logRetention = z.strictObject({
  retention_days: z.literal(LOG_RETENTION_DAYS, { error: `retention_days must be one of ${LOG_RETENTION_DAYS.join(', ')}` }),
});
export type LogRetention = z.infer<typeof logRetention>;
