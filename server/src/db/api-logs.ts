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

/** A row as stored: the call with its bodies masked. */
export interface ApiLogRow extends Omit<ApiLogCall, 'body' | 'envelope'> {
  request: unknown;
  response: unknown;
}

/** The call's bodies masked by its product's definition (every value by its shape when the product or step is unknown). */
export function maskedRow(call: ApiLogCall): ApiLogRow {
  const { body, envelope, ...rest } = call;
  const { request, response } = maskExchange(productByArn(call.productArn), body, envelope);
  return { ...rest, request, response };
}

/** Text PostgreSQL can store: a caller may put a NUL byte or a kilobyte in a path or a key name. */
const storable = (text: string, max: number) => text.replace(/\p{Cc}/gu, '\uFFFD').slice(0, max);
/** jsonb refuses a NUL character and a lone surrogate, which a caller's text may hold: each becomes U+FFFD. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storableJson = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(UNSTORABLE, '\uFFFD') : value);
const latency = (ms: number) => Math.max(0, Math.min(2_147_483_647, Math.round(ms)));

/**
 * Inserts many rows in ONE statement: the rows travel as one JSON array read by
 * jsonb_to_recordset, so the statement is prepared once whatever the group's size. `client` is
 * the caller's transaction (the group commit's), so the rows commit or roll back with the calls'
 * transaction rows. Calls without an organisation are not logged: nobody could read them.
 */
export async function writeApiLogs(client: Pick<pg.PoolClient, 'query'>, rows: readonly ApiLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => ({
    id: row.requestId,
    created_at: row.createdAt.toISOString(),
    organisation_id: row.organisationId,
    app_id: row.appId,
    task_id: row.taskId,
    group_id: row.groupId,
    product_arn: storable(row.productArn, 200),
    key_name: row.keyName === null ? null : storable(row.keyName, 100),
    key_prefix: row.keyPrefix === null ? null : storable(row.keyPrefix, 32),
    client_ip: storable(row.clientIp, 64),
    env: row.environment === 'test' ? 'TEST' : 'PRODUCTION',
    http_status: row.httpStatus,
    response_code: row.responseCode,
    billable: row.billable,
    amount_paise: Math.max(0, Math.round(row.amountPaise)),
    total_latency_ms: latency(row.totalLatencyMs),
    upstream_latency_ms: row.upstreamLatencyMs === null ? null : latency(row.upstreamLatencyMs),
    request: row.request ?? null,
    response: row.response ?? null,
  }));
  await client.query({ name: 'api_logs_write', text: WRITE, values: [JSON.stringify(records, storableJson)] });
}

const WRITE = `insert into api_logs (id, created_at, organisation_id, app_id, task_id, group_id, product_arn, key_name, key_prefix, client_ip, env,
  http_status, response_code, billable, amount_paise, total_latency_ms, upstream_latency_ms, request, response)
select id, created_at, organisation_id, app_id, task_id, group_id, product_arn, key_name, key_prefix, client_ip, env,
  http_status, response_code, billable, amount_paise, total_latency_ms, upstream_latency_ms, coalesce(request, 'null'::jsonb), coalesce(response, 'null'::jsonb)
from jsonb_to_recordset($1::jsonb) as r(id uuid, created_at timestamptz, organisation_id uuid, app_id uuid, task_id uuid, group_id uuid,
  product_arn text, key_name text, key_prefix text, client_ip text, env text, http_status int, response_code int, billable boolean,
  amount_paise bigint, total_latency_ms int, upstream_latency_ms int, request jsonb, response jsonb)`;
