import { z } from 'zod';
import { decodeLogCursor } from './logs.js';
import { DAY_MS } from './constants.js';

/**
 * Outbound webhooks, signed by the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). Customer API, for the owners and admins of the
 * organisation the call acts for (`x-org-id`, else the user's own). Every path is under /api:
 *
 *   GET    /webhooks/endpoints                          the organisation's endpoints (at most 10)
 *   POST   /webhooks/endpoints                          create one (webhookEndpointCreate) → WebhookEndpointWithSecret
 *   GET    /webhooks/endpoints/{id}                     one endpoint → WebhookEndpoint
 *   PATCH  /webhooks/endpoints/{id}                     change it (webhookEndpointUpdate) → WebhookEndpoint
 *   DELETE /webhooks/endpoints/{id}                     delete it and its delivery log → { message }
 *   POST   /webhooks/endpoints/{id}/rotate-secret       new secret (webhookRotateSecret) → WebhookEndpointWithSecret
 *   POST   /webhooks/endpoints/{id}/test                send a `webhook.test` event to it → WebhookDelivery
 *   POST   /webhooks/endpoints/{id}/replay              send again every event of a range it subscribes to
 *                                                       (webhookReplay) → { replayed }
 *   GET    /webhooks/deliveries                         the delivery log (webhookDeliveriesQuery), newest first,
 *                                                       50 a page → WebhookDeliveryPage
 *   POST   /webhooks/events/{eventId}/resend            send one event again to an endpoint (webhookResend)
 *                                                       → WebhookDelivery
 *
 * The signing secret (`whsec_…`) is answered only by create and rotate-secret. Another
 * organisation's endpoints, events and deliveries are 404, like unknown ids. Timestamps are ISO
 * 8601 in UTC. The body sent to an endpoint is `{ type, timestamp, data }` (WebhookMessage) and
 * its `webhook-id` is the event id (`msg_…`), the same on every retry: receivers deduplicate on it.
 */

export const WEBHOOK_EVENT_TYPES = [
  'batch.finished',
  'batch.failed',
  'verification.completed',
  'payment.succeeded',
  'payment.failed',
  'wallet.low_balance',
  'plan.activated',
  'plan.expiring',
  'plan.expired',
  'product.approved',
  'product.rejected',
  'key.created',
  'key.disabled',
  'key.expiring',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** When each event is raised and the fields of its `data` (the API reference and the portal's labels read this). */
export const WEBHOOK_EVENT_DOCS: Record<WebhookEventType, { when: string; data: readonly string[] }> = {
  'batch.finished': {
    when: 'A batch ran every row, or was stopped',
    data: ['batch_id', 'name', 'product_arn', 'env', 'total_items', 'total_processed', 'total_completed', 'stopped'],
  },
  'batch.failed': {
    when: 'A batch could not be run',
    data: ['batch_id', 'name', 'product_arn', 'env', 'total_items', 'total_processed', 'total_completed', 'error'],
  },
  'verification.completed': {
    when: 'A hosted-page verification finished (eSign, liveness, DigiLocker, OCR SDK, student), live or in the sandbox',
    data: ['request_id', 'task_id', 'product_arn', 'env', 'app_id', 'outcome', 'completed_at'],
  },
  'payment.succeeded': { when: 'A payment was credited or a bank transfer recorded', data: ['payment_id', 'order_id', 'amount_paise', 'mode', 'payment_type'] },
  'payment.failed': {
    when: 'A payment link failed, was cancelled or expired at the gateway',
    data: ['payment_id', 'order_id', 'amount_paise', 'mode', 'payment_type', 'status'],
  },
  'wallet.low_balance': {
    when: 'A prepaid balance fell below the alert balance (`threshold` alert_balance) or one of the thresholds set as a percentage of the plan amount (`threshold` percent_of_plan, with `threshold_percent`); `alert_balance_paise` is the line crossed',
    data: ['balance_paise', 'alert_balance_paise', 'threshold', 'threshold_percent', 'crossed_at'],
  },
  'plan.activated': { when: 'A plan became the current plan', data: ['subscription_id', 'plan_code', 'plan_name', 'plan_type', 'start_date', 'end_date'] },
  'plan.expiring': { when: '7 days before the current plan ends', data: ['subscription_id', 'plan_code', 'plan_name', 'plan_type', 'end_date'] },
  'plan.expired': { when: 'The current plan reached its end date', data: ['subscription_id', 'plan_code', 'plan_name', 'plan_type', 'end_date'] },
  'product.approved': { when: 'A product subscription was approved (or auto-approved)', data: ['product_arn', 'product_name', 'auto_approved'] },
  'product.rejected': { when: 'A product subscription was rejected', data: ['product_arn', 'product_name'] },
  'key.created': { when: 'An API key was created, or a roll created its replacement', data: ['app_id', 'key_name', 'key_start', 'expires_at', 'rolled'] },
  'key.disabled': { when: 'An API key was disabled, rolled with no overlap, or expired', data: ['app_id', 'key_name', 'key_start', 'reason'] },
  'key.expiring': { when: '7 days and 1 day before an API key expires', data: ['app_id', 'key_name', 'key_start', 'expires_at', 'days'] },
};

/**
 * The `data` of `verification.completed`: ids and the outcome, never the subject's personal data.
 * `request_id` is the one the flow's fetch step takes (in the sandbox an eSign signer's own; live,
 * the first step's); `task_id` is the first step's; `outcome` is what the customer did on the
 * hosted page; fetch then answers the result.
 */
export interface VerificationCompletedData {
  request_id: string;
  task_id: string | null;
  product_arn: string;
  env: 'test' | 'live';
  app_id: string;
  outcome: 'passed' | 'failed';
  completed_at: string;
}

/** The type of the event sent by "send a test event"; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export const WEBHOOK_LOGGED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;
export type WebhookLoggedEventType = (typeof WEBHOOK_LOGGED_EVENT_TYPES)[number];

export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
/**
 * How long the delivery log keeps a finished delivery after its last attempt, and an event after
 * it was raised (while no delivery of it is kept). An older event is no longer resent or replayed.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
/** The oldest instant the delivery log keeps at `now`. */
export const webhookRetentionCutoff = (now: Date) => new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * DAY_MS);
/** The widest range a replay may cover. */
export const WEBHOOK_REPLAY_MAX_DAYS = 31;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_ROTATION_OVERLAPS = ['now', '1h', '24h'] as const;
export type WebhookRotationOverlap = (typeof WEBHOOK_ROTATION_OVERLAPS)[number];
/** pending: attempts remain; succeeded: a 2xx answer; failed: every attempt failed (or the endpoint was disabled). */
export const WEBHOOK_OUTCOMES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
/** Why an endpoint is disabled: by its owners, or by the server after failing for 3 days. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

export const WEBHOOK_MESSAGES = {
  unknownEvent: 'Unknown event type',
  eventsRequired: 'Choose at least one event',
  urlInvalid: 'URL must be a valid http(s) URL',
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlNotHttps: 'URL must use https',
  urlPrivate: 'URL must not point to a private, loopback, link-local or metadata address',
  urlUnresolvable: "URL's host does not resolve",
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  tooManyEndpoints: `An organisation can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints`,
  endpointNotFound: 'Webhook endpoint not found',
  eventNotFound: 'Event not found',
  endpointNotSubscribed: 'The endpoint does not receive this event type',
  endpointDisabled: 'The endpoint is disabled; enable it first',
  invalidCursor: 'cursor must be a cursor from a previous page',
  invalidTime: 'Times must be ISO 8601 date-times',
  rangeOrder: 'from must be before to',
  replayRange: `A replay covers at most ${WEBHOOK_REPLAY_MAX_DAYS} days`,
  overlap: `Overlap must be one of ${WEBHOOK_ROTATION_OVERLAPS.join(', ')}`,
  emptyUpdate: 'Change at least one field',
  deleted: 'Webhook endpoint deleted',
} as const;

export const webhooksBasePath = '/webhooks';
export const webhookEndpointsPath = '/webhooks/endpoints';
export const webhookEndpointPath = (id: string) => `/webhooks/endpoints/${id}`;
export const webhookRotateSecretPath = (id: string) => `/webhooks/endpoints/${id}/rotate-secret`;
export const webhookTestPath = (id: string) => `/webhooks/endpoints/${id}/test`;
export const webhookReplayPath = (id: string) => `/webhooks/endpoints/${id}/replay`;
export const webhookDeliveriesPath = '/webhooks/deliveries';
export const webhookResendPath = (eventId: string) => `/webhooks/events/${eventId}/resend`;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

/** Syntax only; https in production and the addresses the host resolves to are the server's checks. */
const urlField = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, { error: WEBHOOK_MESSAGES.urlTooLong })
  .refine(
    (text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
    },
    { error: WEBHOOK_MESSAGES.urlInvalid },
  );
const descriptionField = z
  .string({ error: WEBHOOK_MESSAGES.descriptionTooLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: WEBHOOK_MESSAGES.descriptionTooLong });
const eventTypeField = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.unknownEvent });
/** A non-empty set of event types; duplicates are kept once. */
const eventsField = z
  .array(eventTypeField, { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length * 2, { error: WEBHOOK_MESSAGES.unknownEvent })
  .transform((types) => [...new Set(types)]);
const enabledField = z.boolean({ error: 'Enabled must be true or false' });
const instantField = z.iso.datetime({ offset: true, error: WEBHOOK_MESSAGES.invalidTime });

export const webhookEndpointCreate = z.strictObject({
  url: urlField,
  description: descriptionField.default(''),
  events: eventsField,
  enabled: enabledField.default(true),
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreate>;

export const webhookEndpointUpdate = z
  .strictObject({
    url: urlField.optional(),
    description: descriptionField.optional(),
    events: eventsField.optional(),
    enabled: enabledField.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { error: WEBHOOK_MESSAGES.emptyUpdate });
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdate>;

/** Any text: an id that is not one of the organisation's is answered 404. */
export const webhookEndpointIdParams = z.strictObject({ id: z.string().max(200) });
export const webhookEventIdParams = z.strictObject({ eventId: z.string().max(200) });

export const webhookRotateSecret = z.strictObject({
  overlap: z.enum(WEBHOOK_ROTATION_OVERLAPS, { error: WEBHOOK_MESSAGES.overlap }).default('24h'),
});
export type WebhookRotateSecret = z.output<typeof webhookRotateSecret>;

const rangeRefinement = (value: { from?: string; to?: string }, context: z.RefinementCtx, maxDays?: number) => {
  if (value.from === undefined || value.to === undefined) return;
  const from = Date.parse(value.from);
  const to = Date.parse(value.to);
  if (from >= to) context.addIssue({ code: 'custom', path: ['to'], message: WEBHOOK_MESSAGES.rangeOrder });
  else if (maxDays !== undefined && to - from > maxDays * DAY_MS) {
    context.addIssue({ code: 'custom', path: ['to'], message: WEBHOOK_MESSAGES.replayRange });
  }
};

/** Every event of [from, to) the endpoint subscribes to (today's subscription), oldest first. */
export const webhookReplay = z
  .strictObject({ from: instantField, to: instantField })
  .superRefine((value, context) => rangeRefinement(value, context, WEBHOOK_REPLAY_MAX_DAYS));
export type WebhookReplay = z.output<typeof webhookReplay>;

export const webhookResend = z.strictObject({ endpoint_id: z.string().max(200) });
export type WebhookResend = z.output<typeof webhookResend>;

/** GET /api/webhooks/deliveries?endpoint_id&event_type&event_id&outcome&from&to[&cursor]: all optional. */
export const webhookDeliveriesQuery = z
  .strictObject({
    endpoint_id: z.string().max(200).optional(),
    event_type: z.enum(WEBHOOK_LOGGED_EVENT_TYPES, { error: WEBHOOK_MESSAGES.unknownEvent }).optional(),
    event_id: z.string().max(200).optional(),
    outcome: z.enum(WEBHOOK_OUTCOMES, { error: `Outcome must be one of ${WEBHOOK_OUTCOMES.join(', ')}` }).optional(),
    from: instantField.optional(),
    to: instantField.optional(),
    cursor: z
      .string()
      .refine((text) => decodeLogCursor(text) !== undefined, { error: WEBHOOK_MESSAGES.invalidCursor })
      .optional(),
  })
  .superRefine((value, context) => rangeRefinement(value, context));
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuery>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

export const webhookEndpoint = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is disabled; null while enabled. */
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Since when every delivery to it has failed; null when the latest attempt succeeded. */
  failing_since: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation with an overlap); null: none. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** Create and rotate-secret: the only answers that carry the signing secret. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const webhookEndpointList = z.strictObject({ endpoints: z.array(webhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

/** One HTTP attempt of a delivery. */
export const webhookAttempt = z.strictObject({
  attempt: z.number().int().positive(),
  attempted_at: z.string(),
  /** The answer's HTTP status; null when there was none (see `error`). */
  status_code: z.number().int().nullable(),
  /** Network error, timeout, refused address; null when an answer came. */
  error: z.string().nullable(),
  latency_ms: z.number().int().nonnegative(),
  /** The first 1 KB of the answer's body, as text. */
  response_body: z.string(),
  succeeded: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

/** One event sent to one endpoint, with its attempts (oldest first). */
export const webhookDelivery = z.strictObject({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_LOGGED_EVENT_TYPES),
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  created_at: z.string(),
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryPage = z.strictObject({
  deliveries: z.array(webhookDelivery),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

export const webhookReplayResult = z.strictObject({ replayed: z.number().int().nonnegative() });
export type WebhookReplayResult = z.infer<typeof webhookReplayResult>;

/** The body POSTed to an endpoint; `data` is the event's payload (documented per type in the API reference). */
export const webhookMessage = z.strictObject({
  type: z.enum(WEBHOOK_LOGGED_EVENT_TYPES),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;
