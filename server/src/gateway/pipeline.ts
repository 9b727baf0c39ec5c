import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  FIELD_MESSAGES,
  hasRequestSchema,
  hasSandbox,
  isActionAllowed,
  isBillable,
  parseProductRequest,
  productByArn,
  sandboxAnswer,
  type SandboxAnswer,
} from '@verigate/catalog';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { checkApiKey } from '../platform/api-keys.js';
import type { Clock } from '../platform/clock.js';
import { isDatabaseUnavailable } from '../platform/errors.js';
import { isJsonObject } from '../platform/json.js';
import { sha256 } from '../platform/secrets.js';
import type { CredentialCache } from './credentials.js';
import { clientAddress } from './ip-whitelist.js';
import {
  coded,
  envelope,
  GATEWAY_REFUSALS,
  invalidInput,
  NO_SANDBOX_MESSAGE,
  refusal,
  REFUSALS,
  TASK_ID_MESSAGE,
  UNAVAILABLE,
  type Outcome,
  type ProviderEnvelope,
} from './outcome.js';
import { creditRefusal, isDuplicateTask, recordCall, spendCreditAndRecord, type CallRecord } from './transactions.js';
import { forwardUpstream } from './upstream.js';

export type Environment = 'test' | 'live';

export interface GatewayCall {
  environment: Environment;
  /** `${region}_${category}_${service}_${type}` of the path, known product or not. */
  arn: string;
  /** false for a path or method the provider API does not have: answered 'product not found'. */
  productRoute: boolean;
  headers: Record<string, string | string[] | undefined>;
  /** request.ip: X-Forwarded-For is honoured only from TRUSTED_PROXIES (Fastify's trustProxy). */
  ip: string;
  /** The raw body text; undefined when there was none. */
  rawBody: string | undefined;
  log: FastifyBaseLogger;
}

export interface GatewayAnswer {
  status: number;
  body: ProviderEnvelope;
}

interface Dependencies {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'UPSTREAM_URLS' | 'UPSTREAM_TIMEOUT_MS'>;
  credentials: CredentialCache;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const MALFORMED_JSON = 'Malformed JSON body';

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

type Body = { kind: 'object'; value: Record<string, unknown> } | { kind: 'other' } | { kind: 'malformed' };

function parseBody(raw: string | undefined): Body {
  if (raw === undefined || raw.trim() === '') return { kind: 'object', value: {} };
  try {
    const value: unknown = JSON.parse(raw);
    return isJsonObject(value) ? { kind: 'object', value } : { kind: 'other' };
  } catch {
    return { kind: 'malformed' };
  }
}

/**
 * The provider-API pipeline (architecture page): authenticate → authorise → meter → sandbox |
 * upstream, then record. Every call, refused or not, is answered in the provider envelope and
 * stored as one transaction row.
 */
export function createGateway({ db, clock, config, credentials }: Dependencies) {
  /** Task ids of this instance's calls in progress, so concurrent duplicates are caught too. */
  const inFlight = new Set<string>();

  async function decide(call: CallRecord, input: GatewayCall, body: Body, givenTaskId: unknown, onDone: (release: () => void) => void): Promise<Outcome> {
    // 1. app not found: a malformed id is refused without a lookup.
    const appIdHeader = single(input.headers['app-id']);
    const app = appIdHeader && UUID.test(appIdHeader) ? await credentials.get(appIdHeader.toLowerCase()) : null;
    if (!app) return refusal(REFUSALS.appNotFound);
    call.appId = app.appId;
    call.organisationId = app.organisationId;

    // 2. ip not whitelisted.
    if (!app.whitelisted(call.clientIp)) return refusal(REFUSALS.ipNotWhitelisted);

    // 3. api key: the offline checksum first (a mistyped or made-up key costs no lookup), then the
    //    environment of the key, of the app and of the path, then the hash and its status.
    const key = single(input.headers['api-key']);
    const keyEnvironment = key ? checkApiKey(key) : null;
    if (!key || keyEnvironment !== input.environment || app.environment !== input.environment) return refusal(REFUSALS.keyInvalid);
    if (app.keys.get(sha256(key)) !== 'ENABLED') return refusal(REFUSALS.keyInvalid);

    // 4. product: known, and linked to the app.
    const arn = input.arn;
    if (!input.productRoute || !productByArn(arn)) return refusal(GATEWAY_REFUSALS.productNotFound);
    if (!app.products.has(arn)) return refusal(REFUSALS.productNotSubscribed);

    // 5. action disallowed (needs the body).
    if (body.kind === 'malformed') return invalidInput('body', MALFORMED_JSON);
    if (body.kind === 'other') return invalidInput('body', FIELD_MESSAGES.body);
    if (!isActionAllowed(arn, body.value.action)) return refusal(REFUSALS.actionDisallowed);

    // 6. org not found.
    if (!app.organisationId) return refusal(REFUSALS.orgNotFound);

    // Task id: a UUIDv4 when given, not repeated by this app within 15 minutes.
    if (givenTaskId !== undefined) {
      if (call.taskId !== givenTaskId) return invalidInput('task_id', TASK_ID_MESSAGE, TASK_ID_MESSAGE);
      const slot = `${app.appId}:${call.taskId}`;
      if (inFlight.has(slot)) return coded(107);
      inFlight.add(slot);
      onDone(() => inFlight.delete(slot));
      if (await isDuplicateTask(db, app.appId, call.taskId, call.requestTimestamp)) return coded(107);
    }

    if (input.environment === 'test' && !hasSandbox(arn)) return { ...coded(111, NO_SANDBOX_MESSAGE), httpStatus: 501 };

    // The product's request schema: consent (104), then its fields (106).
    if (hasRequestSchema(arn)) {
      const parsed = parseProductRequest(arn, body.value);
      if (!parsed.ok) return parsed.code === 104 ? coded(104, undefined, { errors: [parsed.error] }) : invalidInput(parsed.error.field, parsed.error.message);
      if (input.environment === 'test') return sandbox(call, app.organisationId, sandboxAnswer(arn, parsed.data));
    }

    return forwardUpstream(config.UPSTREAM_URLS[arn], body.value, call, config.UPSTREAM_TIMEOUT_MS);
  }

  /**
   * Every call that reaches the sandbox spends one test credit, whatever the code it gets; the
   * credit and the transaction row are written by one statement, so the answer is recorded here.
   */
  async function sandbox(call: CallRecord, organisationId: string, { responseCode, result }: SandboxAnswer): Promise<Outcome> {
    const outcome = coded(responseCode, undefined, result);
    if (await spendCreditAndRecord(db, { ...call, organisationId }, outcome, clock.now(), isBillable(responseCode))) return { ...outcome, recorded: true };
    if ((await creditRefusal(db, organisationId, call.productArn)) === 'exhausted') return refusal(GATEWAY_REFUSALS.creditsExhausted);
    if (call.appId) credentials.invalidate(call.appId);
    return refusal(REFUSALS.productNotSubscribed);
  }

  function newCall(input: GatewayCall, givenTaskId: unknown): CallRecord {
    return {
      requestId: randomUUID(),
      groupId: randomUUID(),
      taskId: typeof givenTaskId === 'string' && UUID_V4.test(givenTaskId) ? givenTaskId.toLowerCase() : randomUUID(),
      environment: input.environment,
      productArn: input.arn,
      clientIp: clientAddress(input.ip),
      appId: null,
      organisationId: null,
      requestTimestamp: clock.now(),
    };
  }

  async function finish(input: GatewayCall, call: CallRecord, outcome: Outcome): Promise<GatewayAnswer> {
    try {
      if (!outcome.recorded) await recordCall(db, call, outcome, clock.now(), isBillable(outcome.responseCode));
    } catch (error) {
      input.log.error({ err: error }, 'provider API call could not be recorded');
    }
    return { status: outcome.httpStatus, body: envelope(call, outcome) };
  }

  return {
    async handle(input: GatewayCall): Promise<GatewayAnswer> {
      const body = parseBody(input.rawBody);
      const givenTaskId = body.kind === 'object' ? body.value.task_id : undefined;
      const call = newCall(input, givenTaskId);
      let release: (() => void) | undefined;
      let outcome: Outcome;
      try {
        outcome = await decide(call, input, body, typeof givenTaskId === 'string' ? givenTaskId.toLowerCase() : givenTaskId, (done) => (release = done));
      } catch (error) {
        const unavailable = isDatabaseUnavailable(error);
        input.log[unavailable ? 'warn' : 'error']({ err: error }, unavailable ? 'database unavailable' : 'provider API call failed');
        outcome = unavailable ? UNAVAILABLE : coded(111);
      }
      try {
        return await finish(input, call, outcome);
      } finally {
        release?.();
      }
    },

    /** A call that failed before the pipeline could run (an oversized body, say): answered and recorded as is. */
    async refuse(input: GatewayCall, outcome: Outcome): Promise<GatewayAnswer> {
      return finish(input, newCall(input, undefined), outcome);
    },
  };
}
