import { maskExchange, productByArn } from '@verigate/catalog';
import type pg from 'pg';

/**
 * The rows of `api_logs` (server/src/db/schema.ts): what the gateway writes for every call of an
 * organisation, in the transaction that records the calls. The request and the answer are masked
 * here, by the catalog's definition of the called product (`maskExchange`), before anything is
 * handed to the database: an unmasked body never reaches a statement, a log line or an error.
 */

export interface ApiLogCall {
  requestId: string;
  /** The request's instant (the month it is stored in). */
  createdAt: Date;
  organisationId: string;
  appId: string | null;
  taskId: string;
  groupId: string;
  productArn: string;
  /** The key's name and the prefix the portal shows of it; never the key. */
  keyName: string | null;
  keyPrefix: string | null;
  clientIp: string;
  environment: 'test' | 'live';
  httpStatus: number;
  responseCode: number | null;
  billable: boolean;
  amountPaise: number;
  totalLatencyMs: number;
  upstreamLatencyMs: number | null;
  /** The body as the caller sent it (parsed JSON, or the text when it was not JSON). */
  body: unknown;
  /** The provider envelope as answered. */
  envelope: unknown;
}

/** A row's JSON text but for its total latency, its bodies masked: made before its transaction, completed when it is written. */
export type PreparedApiLog = string & { readonly prepared: unique symbol };

/** Control characters, which a caller may put in a path or a key name; made once (the bundler writes this pattern as a constructor call). */
const CONTROL_CHARACTERS = /\p{Cc}/gu;
/** Text PostgreSQL can store: a caller may put a NUL byte or a kilobyte in a path or a key name. */
export const storable = (text: string, max: number) => text.replace(CONTROL_CHARACTERS, '\uFFFD').slice(0, max);
/** jsonb refuses a NUL character and a lone surrogate, which a caller's text may hold: each becomes U+FFFD. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storableJson = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(UNSTORABLE, '\uFFFD') : value);
/**
 * JSON.stringify writes a NUL or a lone surrogate as an escape (`\u0000`, `\ud800`) and a valid
 * pair as itself, so text without such an escape is storable as it is; text with one (or with a
 * backslash before such letters) is rewritten value by value.
 */
const ESCAPED_UNSTORABLE = /\\u(0000|d[89a-f])/i;
const storableText = (json: string) => (ESCAPED_UNSTORABLE.test(json) ? JSON.stringify(JSON.parse(json), storableJson) : json);
const latency = (ms: number) => Math.max(0, Math.min(2_147_483_647, Math.round(ms)));

/**
 * The call's row with its bodies masked by its product's definition (every value by its shape
 * when the product or step is unknown), as the JSON text `writeApiLogs` sends, less its total
 * latency. The masked bodies are serialised once, by the masking.
 */
export function prepareApiLog(call: Omit<ApiLogCall, 'totalLatencyMs'>): PreparedApiLog {
  const { json } = maskExchange(productByArn(call.productArn), call.body, call.envelope);
  const columns = JSON.stringify({
    id: call.requestId,
    created_at: call.createdAt.toISOString(),
    organisation_id: call.organisationId,
    app_id: call.appId,
    task_id: call.taskId,
    group_id: call.groupId,
    product_arn: storable(call.productArn, 200),
    key_name: call.keyName === null ? null : storable(call.keyName, 100),
    key_prefix: call.keyPrefix === null ? null : storable(call.keyPrefix, 32),
    client_ip: storable(call.clientIp, 64),
    env: call.environment === 'test' ? 'TEST' : 'PRODUCTION',
    http_status: call.httpStatus,
    response_code: call.responseCode,
    billable: call.billable,
    amount_paise: Math.max(0, Math.round(call.amountPaise)),
    upstream_latency_ms: call.upstreamLatencyMs === null ? null : latency(call.upstreamLatencyMs),
  });
  // `{"id":…,"upstream_latency_ms":…,"request":…,"response":…}` less its opening brace: the latency goes first.
  return storableText(`{${columns.slice(1, -1)},"request":${json.request},"response":${json.response}}`).slice(1) as PreparedApiLog;
}

/**
 * Inserts many rows in ONE statement: the rows travel as one JSON array read by
 * jsonb_to_recordset, so the statement is prepared once whatever the group's size. `client` is
 * the caller's transaction (the group commit's), so the rows commit or roll back with the calls'
 * transaction rows. Calls without an organisation are not logged: nobody could read them.
 */
export async function writeApiLogs(client: Pick<pg.PoolClient, 'query'>, rows: readonly ApiLogWrite[]): Promise<void> {
  if (rows.length > 0) await client.query({ name: 'api_logs_write', text: WRITE, values: [apiLogsJson(rows)] });
}

/** A prepared row and its total latency, measured as it is written. */
export interface ApiLogWrite {
  log: PreparedApiLog;
  totalLatencyMs: number;
}

/** The rows as the one JSON array `insertApiLogs` reads. */
export const apiLogsJson = (rows: readonly ApiLogWrite[]) =>
  `[${rows.map(({ log, totalLatencyMs }) => `{"total_latency_ms":${latency(totalLatencyMs)},${log}`).join(',')}]`;

/** The insert of the rows of the JSON array parameter `param` (apiLogsJson), when `condition` holds: a statement, or a CTE of one. */
export const insertApiLogs = (
  param: string,
  condition = 'true',
) => `insert into api_logs (id, created_at, organisation_id, app_id, task_id, group_id, product_arn, key_name, key_prefix, client_ip, env,
  http_status, response_code, billable, amount_paise, total_latency_ms, upstream_latency_ms, request, response)
select id, created_at, organisation_id, app_id, task_id, group_id, product_arn, key_name, key_prefix, client_ip, env,
  http_status, response_code, billable, amount_paise, total_latency_ms, upstream_latency_ms, coalesce(request, 'null'::jsonb), coalesce(response, 'null'::jsonb)
from jsonb_to_recordset(${param}::jsonb) as r(id uuid, created_at timestamptz, organisation_id uuid, app_id uuid, task_id uuid, group_id uuid,
  product_arn text, key_name text, key_prefix text, client_ip text, env text, http_status int, response_code int, billable boolean,
  amount_paise bigint, total_latency_ms int, upstream_latency_ms int, request jsonb, response jsonb)
where ${condition}`;

const WRITE = insertApiLogs('$1');
