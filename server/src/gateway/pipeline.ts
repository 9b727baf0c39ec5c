import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  FIELD_MESSAGES,
  GATEWAY_REFUSALS,
  isBillable,
  operationFor,
  parseProductRequest,
  type ProductDefinition,
  productByArn,
  type ProviderEnvelope,
  type Reading,
  REFUSALS,
  requestBodyLimit,
  TASK_ID_MESSAGE,
  TASK_ID_PATTERN,
} from '@verigate/catalog';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { checkApiKey } from '../platform/api-keys.js';
import type { Clock } from '../platform/clock.js';
import { isDatabaseUnavailable } from '../platform/errors.js';
import { isJsonObject } from '../platform/json.js';
import { sha256 } from '../platform/secrets.js';
import { usableKeyId, type AppCredentials, type CredentialCache } from './credentials.js';
import type { KeyUsage } from './key-usage.js';
import { clientAddress } from './ip-whitelist.js';
import { newCallLog } from './call-logs.js';
import type { Reservation } from './charging.js';
import type { GroupCommit } from './group-commit.js';
import { coded, envelope, invalidInput, refusal, UNAVAILABLE, type Outcome } from './outcome.js';
import type { CallLimiter, RateLimitState } from './rate-limit.js';
import { createSandboxCall } from './sandbox-call.js';
import { isDuplicateTask, type CallRecord } from './transactions.js';
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
  /** The HTTP request's id, made by the server: the envelope's request_id, so logs and records name the call alike. */
  requestId?: string;
}

/** A trial of the portal's Trial Center, by a signed-in member of the organisation. */
export interface TrialCall {
  /** The organisation's test app (the portal found it by is_test_app). */
  appId: string;
  organisationId: string;
  arn: string;
  /** mode, action, report_id, task_id and data, as a provider-API body. */
  body: Record<string, unknown>;
  ip: string;
  log: FastifyBaseLogger;
}

/**
 * A row of a batch on one of the organisation's apps, with the task id the batch derived from its
 * id and the row number: on the test app as a trial (sandbox, test credits), on a live app as a
 * live call (its price held on the wallet, forwarded upstream, settled in the statement that
 * records it). The batch's single worker and its resume check (a row whose task id is recorded is
 * not run again) keep a task id from running twice, so the 15-minute duplicate lookup a caller's
 * own task id needs is not made per row; a live row's debit and its record are one statement, so
 * a charged row is always a recorded one.
 */
export interface BatchRowCall extends TrialCall {
  /** The environment of appId. */
  environment: Environment;
  taskId: string;
  /** The batch's id: every row of a batch shares it as its group id, so API Logs finds the batch's calls by it. */
  groupId: string;
}

export interface GatewayAnswer {
  status: number;
  body: ProviderEnvelope;
  /** The caller's organisation, once the app was found: for the request's log line. */
  organisationId: string | null;
  /** The app's rate-limit window, once the app was found (a provider-API call's RateLimit headers). */
  rateLimit?: RateLimitState;
}

interface Dependencies {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'UPSTREAM_URLS' | 'UPSTREAM_TIMEOUT_MS' | 'BODY_LIMIT_BYTES' | 'PUBLIC_URL'>;
  credentials: CredentialCache;
  /** Where every call's writes go: committed in groups, each call answered after its group (group-commit.ts). */
  group: GroupCommit;
  /** Told of a wallet alert row a live call's settlement wrote (its email goes out from there). */
  onWalletAlert: (alertId: string) => void;
  /** Told of each call an authenticated key made (last used at, written in batches). */
  keyUsage: Pick<KeyUsage, 'touch'>;
  /** Calls per second per app (rate-limit.ts): a call is counted once authenticated. */
  rateLimit: CallLimiter;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MALFORMED_JSON = 'Malformed JSON body';

/** Why a live call was not forwarded: no plan, a product the plan does not price, the wallet (112, 113) or the daily spend cap (114). */
const CHARGE_REFUSALS: Record<Extract<Reservation, { held: false }>['reason'] | 'duplicate', Outcome> = {
  no_plan: refusal(GATEWAY_REFUSALS.noActivePlan),
  not_in_plan: refusal(GATEWAY_REFUSALS.productNotInPlan),
  balance_low: coded(112),
  too_many_pending: coded(113),
  daily_cap: coded(114),
  duplicate: coded(107),
};
const RATE_LIMITED = refusal(GATEWAY_REFUSALS.rateLimited);

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** A provider-API body is read as sent; a trial's or a batch row's as a person typed it (catalog `Reading`). */
type Body = { kind: 'object'; value: Record<string, unknown>; reading: Reading } | { kind: 'other' } | { kind: 'malformed' } | { kind: 'not-json' };

/** `application/json`, with no charset or UTF-8 (the body is read as UTF-8). */
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

function parseBody(raw: string | undefined, contentType: string | undefined): Body {
  if (raw === undefined || raw.trim() === '') return { kind: 'object', value: {}, reading: 'api' };
  if (!contentType || !JSON_CONTENT_TYPE.test(contentType.trim())) return { kind: 'not-json' };
  try {
    const value: unknown = JSON.parse(raw);
    return isJsonObject(value) ? { kind: 'object', value, reading: 'api' } : { kind: 'other' };
  } catch {
    return { kind: 'malformed' };
  }
}

/**
 * The provider-API pipeline (architecture page): authenticate → authorise → meter → sandbox |
 * upstream, then record. Every call, refused or not, is answered in the provider envelope and
 * stored as one transaction row.
 */
export function createGateway({ db, clock, config, credentials, group, onWalletAlert, keyUsage, rateLimit }: Dependencies) {
  /** Task ids of this instance's calls in progress, so concurrent duplicates are caught too. */
  const inFlight = new Set<string>();
  const answerFromSandbox = createSandboxCall({ db, clock, group, baseUrl: config.PUBLIC_URL, invalidate: (appId) => credentials.invalidate(appId) });

  /** The checks after authentication (4–10): product, action, organisation, task id, the definition, then sandbox | upstream. */
  async function authorised(
    call: CallRecord,
    app: AppCredentials,
    product: ProductDefinition | undefined,
    environment: Environment,
    body: Body,
    givenTaskId: unknown,
    onDone: (release: () => void) => void,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    // 4. product: known, and linked to the app.
    const arn = call.productArn;
    if (!product) return refusal(GATEWAY_REFUSALS.productNotFound);
    if (!app.products.has(arn)) return refusal(REFUSALS.productNotSubscribed);

    // 5. a body that is not JSON, then action disallowed (needs the body).
    if (body.kind === 'not-json') return refusal(GATEWAY_REFUSALS.unsupportedMediaType);
    if (body.kind === 'malformed') return invalidInput('body', MALFORMED_JSON);
    if (body.kind === 'other') return invalidInput('body', FIELD_MESSAGES.body);
    if (!operationFor(product, body.value.action)) return refusal(REFUSALS.actionDisallowed);

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
      // Another instance may be answering the same task id right now: the write that records the call reserves it, or makes it a 107.
      call.reserveTask = true;
    }

    // The product's definition: consent (104), then its fields in order (106).
    const parsed = parseProductRequest(product, body.value, clock.now(), body.reading);
    if (!parsed.ok) return parsed.code === 104 ? coded(104, undefined, { errors: [parsed.error] }) : invalidInput(parsed.error.field, parsed.error.message);
    if (environment === 'test') {
      const consentText = String((body.value.data as Record<string, unknown>).consent_text);
      return answerFromSandbox({ ...call, appId: app.appId, organisationId: app.organisationId }, product, parsed, consentText);
    }

    return charged({ ...call, organisationId: app.organisationId }, log, () =>
      forwardUpstream(config.UPSTREAM_URLS[arn], body.value, call, config.UPSTREAM_TIMEOUT_MS),
    );
  }

  /**
   * A live call holds its price on the wallet before it is forwarded (its task id reserved with
   * the hold) and is settled — debited when billable, released otherwise — in the transaction
   * that records it, before it is answered.
   */
  async function charged(call: CallRecord & { organisationId: string }, log: FastifyBaseLogger, forward: () => Promise<Outcome>): Promise<Outcome> {
    const reservation = await group.hold(call, clock.now());
    call.reserveTask = false;
    if (!reservation.held) return CHARGE_REFUSALS[reservation.reason];
    const sent = performance.now();
    const outcome = await forward();
    if (call.log) call.log.upstreamMs = performance.now() - sent;
    const billable = isBillable(outcome.responseCode);
    const settlement = await group.settle(call, outcome, reservation.pricePaise, billable, clock.now());
    for (const alertId of settlement.alertIds) onWalletAlert(alertId);
    if (!settlement.debited) log.error({ requestId: call.requestId }, 'billable live call answered without a debit: its hold was already released');
    return { ...outcome, recorded: true };
  }

  /** 0. a body over the product's limit (files allowed where the product takes files). */
  const tooLarge = (rawBody: string | undefined, product: ProductDefinition | undefined) =>
    rawBody !== undefined && Buffer.byteLength(rawBody) > (product ? requestBodyLimit(product, config.BODY_LIMIT_BYTES) : config.BODY_LIMIT_BYTES);

  async function decide(
    call: CallRecord,
    input: GatewayCall,
    body: Body,
    givenTaskId: unknown,
    onDone: (release: () => void) => void,
    limits: { state?: RateLimitState },
  ): Promise<Outcome> {
    const product = input.productRoute ? productByArn(input.arn) : undefined;
    if (tooLarge(input.rawBody, product)) return refusal(GATEWAY_REFUSALS.bodyTooLarge);

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
    const hash = sha256(key);
    const keyId = usableKeyId(app, hash, call.requestTimestamp);
    if (!keyId) return refusal(REFUSALS.keyInvalid);
    keyUsage.touch(keyId, call.clientIp, call.requestTimestamp);
    const named = app.keyNames.get(hash);
    if (named && call.log) {
      call.log.keyName = named.name;
      call.log.keyPrefix = named.prefix;
    }

    // Counted once authenticated: calls that fail the checks above spend none of the app's limit.
    const admission = await rateLimit.admit(app.appId);
    limits.state = admission.state;
    if (!admission.admitted) return RATE_LIMITED;

    return authorised(call, app, product, input.environment, body, givenTaskId, onDone, input.log);
  }

  /**
   * A trial (the portal's Trial Center): the portal has authenticated its user and found the
   * organisation's test app, which stands in for steps 1–3; the call then goes through the same
   * checks, sandbox, credit spend and record as a provider-API call to the test environment.
   */
  async function decideTrial(
    call: CallRecord,
    input: TrialCall,
    rawBody: string,
    onDone: (release: () => void) => void,
    environment: Environment = 'test',
    limited = true,
  ): Promise<Outcome> {
    const product = productByArn(input.arn);
    if (tooLarge(rawBody, product)) return refusal(GATEWAY_REFUSALS.bodyTooLarge);
    const app = UUID.test(input.appId) ? await credentials.get(input.appId.toLowerCase()) : null;
    if (!app || app.environment !== environment || app.organisationId !== input.organisationId) return refusal(REFUSALS.appNotFound);
    call.appId = app.appId;
    call.organisationId = app.organisationId;
    if (limited && !(await rateLimit.admit(app.appId)).admitted) return RATE_LIMITED;
    return authorised(call, app, product, environment, { kind: 'object', value: input.body, reading: 'form' }, input.body.task_id, onDone, input.log);
  }

  /** A new call; `body` is what API Logs keeps of its request (masked when it is written). */
  function newCall(
    input: Pick<GatewayCall, 'environment' | 'arn' | 'ip' | 'requestId'> & { groupId?: string },
    givenTaskId: unknown,
    body: unknown,
  ): CallRecord {
    return {
      requestId: input.requestId ?? randomUUID(),
      groupId: input.groupId ?? randomUUID(),
      taskId: typeof givenTaskId === 'string' && TASK_ID_PATTERN.test(givenTaskId) ? givenTaskId.toLowerCase() : randomUUID(),
      environment: input.environment,
      productArn: input.arn,
      clientIp: clientAddress(input.ip),
      appId: null,
      organisationId: null,
      requestTimestamp: clock.now(),
      log: newCallLog(body),
    };
  }

  /** An answer to a call whose app was found carries the app's window; one refused before it was counted, the window unchanged. */
  async function withRateLimit(answer: GatewayAnswer, call: CallRecord, state: RateLimitState | undefined): Promise<GatewayAnswer> {
    if (!call.appId) return answer;
    try {
      return { ...answer, rateLimit: state ?? (await rateLimit.peek(call.appId)) };
    } catch {
      // The database went away after the answer was decided: the answer goes out without the fields.
      return answer;
    }
  }

  async function finish(log: FastifyBaseLogger, call: CallRecord, outcome: Outcome): Promise<GatewayAnswer> {
    let answered = outcome;
    try {
      // The recorded outcome: a 107 when another call of the app reserved the task id first.
      if (!outcome.recorded) answered = await group.record(call, outcome, clock.now());
    } catch (error) {
      log.error({ err: error }, 'provider API call could not be recorded');
    }
    return { status: answered.httpStatus, body: envelope(call, answered), organisationId: call.organisationId };
  }

  /** Decides a call (an unexpected failure answers 111), records it and answers it. */
  async function run(
    call: CallRecord,
    log: FastifyBaseLogger,
    givenTaskId: unknown,
    decideCall: (givenTaskId: unknown, onDone: (release: () => void) => void) => Promise<Outcome>,
  ): Promise<GatewayAnswer> {
    let release: (() => void) | undefined;
    let outcome: Outcome;
    try {
      outcome = await decideCall(typeof givenTaskId === 'string' ? givenTaskId.toLowerCase() : givenTaskId, (done) => (release = done));
    } catch (error) {
      const unavailable = isDatabaseUnavailable(error);
      log[unavailable ? 'warn' : 'error']({ err: error }, unavailable ? 'database unavailable' : 'provider API call failed');
      outcome = unavailable ? UNAVAILABLE : coded(111);
    }
    try {
      return await finish(log, call, outcome);
    } finally {
      release?.();
    }
  }

  return {
    async handle(input: GatewayCall): Promise<GatewayAnswer> {
      const body = parseBody(input.rawBody, single(input.headers['content-type']));
      const givenTaskId = body.kind === 'object' ? body.value.task_id : undefined;
      const call = newCall(input, givenTaskId, body.kind === 'object' ? body.value : input.rawBody);
      const limits: { state?: RateLimitState } = {};
      const answer = await run(call, input.log, givenTaskId, (taskId, onDone) => decide(call, input, body, taskId, onDone, limits));
      return withRateLimit(answer, call, limits.state);
    },

    async trial(input: TrialCall): Promise<GatewayAnswer> {
      const givenTaskId = input.body.task_id;
      const call = newCall({ environment: 'test', arn: input.arn, ip: input.ip }, givenTaskId, input.body);
      return run(call, input.log, givenTaskId, (_taskId, onDone) => decideTrial(call, input, JSON.stringify(input.body), onDone));
    },

    async batchRow(input: BatchRowCall): Promise<GatewayAnswer> {
      const { task_id: _ignored, ...body } = input.body;
      const call = newCall({ environment: input.environment, arn: input.arn, ip: input.ip, groupId: input.groupId }, input.taskId, body);
      // A batch is paced by its own calls per minute and never refused by the app's limit.
      return run(call, input.log, undefined, (_taskId, onDone) =>
        decideTrial(call, { ...input, body }, JSON.stringify(body), onDone, input.environment, false),
      );
    },

    /** A call that failed before the pipeline could run (an oversized body, say): answered and recorded as is. */
    async refuse(input: GatewayCall, outcome: Outcome): Promise<GatewayAnswer> {
      return finish(input.log, newCall(input, undefined, input.rawBody), outcome);
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
