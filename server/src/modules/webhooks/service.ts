import { randomBytes, randomUUID } from 'node:crypto';
import {
  decodeLogCursor,
  encodeLogCursor,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookAttempt,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookLoggedEventType,
  type WebhookOutcome,
  type WebhookReplay,
  type WebhookReplayResult,
  type WebhookRotationOverlap,
  webhookRetentionCutoff,
} from '@verigate/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Audit } from '../../platform/audit.js';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { ownerEmails } from '../../db/owners.js';
import { webhookAttempts, webhookEndpoints, webhookEvents } from '../../db/schema.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { actionEmail } from '../../platform/mail.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { checkTarget } from './address-guard.js';
import { enforceWebhookRetention } from './retention.js';
import { createSecretBox } from '../../platform/secret-box.js';
import { postOnce } from './sender.js';

/**
 * Outbound webhooks. An event is a row written in the transaction of the change it reports, with
 * one delivery row per subscribed endpoint and a job per delivery (the outbox): nothing is sent
 * for a change that rolled back, nothing is lost by a crash. A delivery job claims its delivery
 * by one UPDATE (due, pending, endpoint enabled), so however many jobs or instances reach it,
 * one attempt is made at a time; a failed attempt sets the next due time (exponential backoff
 * with jitter, the last attempt 3 days after the first), and a sweep re-enqueues what is due.
 */

const DELIVER_QUEUE = 'webhooks.deliver';
const SWEEP_QUEUE = 'webhooks.sweep';
const RETENTION_QUEUE = 'webhooks.retention';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Delays after the 1st, 2nd, … failed attempt; the last one repeats until the delivery's 3 days are up. */
const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** A delivery is retried for this long; an endpoint failing this long is disabled. */
const GIVE_UP_AFTER_MS = 3 * 24 * HOUR;
/** ±20% around each delay, so endpoints that failed together are not retried together. */
const JITTER = 0.2;
const SWEEP_PAGE = 500;
const DELIVERY_WORKERS = 2;
const DELIVERY_BATCH = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OVERLAP_MS: Record<WebhookRotationOverlap, number> = { now: 0, '1h': HOUR, '24h': 24 * HOUR };

interface Dependencies {
  db: Database;
  clock: Clock;
  config: Config;
  jobs: Jobs;
  mailQueue: MailQueue;
  log: FastifyBaseLogger;
  audit: Audit;
}

/** An endpoint's address as the audit trail keeps it: no credentials or query, which may carry a receiver's token. */
const auditedUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function endpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  const overlapOpen = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : ((row.disabledReason as 'manual' | 'failing' | null) ?? 'manual'),
    failing_since: iso(row.failingSince),
    previous_secret_expires_at: overlapOpen ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** The event id, sent as `webhook-id`. */
const newEventId = () => `msg_${randomUUID().replace(/-/g, '')}`;

function nextAttemptAt(attempt: number, attemptedAt: Date, createdAt: Date): Date | null {
  const deadline = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (attemptedAt.getTime() >= deadline) return null;
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]!;
  const delay = base * (1 - JITTER + 2 * JITTER * Math.random());
  return new Date(Math.min(attemptedAt.getTime() + delay, deadline));
}

interface Claimed extends Record<string, unknown> {
  delivery_id: string;
  attempts: number;
  created_at: Date;
  endpoint_id: string;
  organisation_id: string;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  event_created_at: Date;
}

export async function createWebhookService({ db, clock, config, jobs, mailQueue, log, audit }: Dependencies) {
  const box = await createSecretBox(db, { rootSecret: 'webhooks.secret_key', use: 'verigate webhook signing secrets' });
  const leaseMs = config.WEBHOOK_TIMEOUT_MS + config.WEBHOOK_LEASE_MARGIN_MS;
  const guard = (url: string) =>
    checkTarget(url, { allowHttp: config.WEBHOOK_ALLOW_PRIVATE || config.NODE_ENV !== 'production', allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });

  async function requireTarget(url: string): Promise<void> {
    const checked = await guard(url);
    if (!checked.ok) throw new AppError('bad_request', checked.message, [{ path: 'url', message: checked.message }]);
  }

  async function endpointOf(executor: Executor, organisationId: string, id: string): Promise<EndpointRow> {
    if (!UUID.test(id)) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
    const [row] = await executor
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)));
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
    return row;
  }

  /** An event of the organisation; `withinRetention`: raised within the retention, so the retention job is not deleting it. */
  async function eventOf(organisationId: string, eventId: string, withinRetention = false) {
    const [row] = await db
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.id, eventId),
          eq(webhookEvents.organisationId, organisationId),
          withinRetention ? gte(webhookEvents.createdAt, webhookRetentionCutoff(clock.now())) : undefined,
        ),
      );
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.eventNotFound);
    return row;
  }

  /** New deliveries of one event, each with its job, in `executor`'s transaction. */
  async function enqueueDeliveries(executor: Executor, ids: string[]): Promise<void> {
    for (const deliveryId of ids) await jobs.send(DELIVER_QUEUE, { deliveryId }, { executor });
  }

  /** Pending deliveries to an endpoint that stops receiving (disabled): failed, never attempted again. */
  const failPending = (executor: Executor, endpointId: string) =>
    executor.execute(
      sql`update webhook_deliveries set outcome = 'failed', next_attempt_at = null where endpoint_id = ${endpointId}::uuid and outcome = 'pending'`,
    );

  async function deliveryViews(organisationId: string, where: ReturnType<typeof sql>, limit: number) {
    // One snapshot for the deliveries and their attempts: an attempt recorded in between would show beside its delivery's old outcome.
    const { rows, attempts } = await db.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{
          id: string;
          event_id: string;
          event_type: WebhookLoggedEventType;
          endpoint_id: string;
          endpoint_url: string;
          outcome: WebhookOutcome;
          created_at: Date;
          cursor_at: string;
          next_attempt_at: Date | null;
        }>(sql`
          select d.id::text, d.event_id, d.event_type, d.endpoint_id::text, e.url as endpoint_url, d.outcome, d.created_at,
                 to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, d.next_attempt_at
            from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
           where d.organisation_id = ${organisationId}::uuid and ${where}
           order by d.created_at desc, d.id desc
           limit ${limit}`);
        const ids = rows.map((row) => row.id);
        const attempts = ids.length
          ? await tx.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(asc(webhookAttempts.attempt))
          : [];
        return { rows, attempts };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const byDelivery = new Map<string, WebhookAttempt[]>();
    for (const attempt of attempts) {
      const list = byDelivery.get(attempt.deliveryId) ?? [];
      list.push({
        attempt: attempt.attempt,
        attempted_at: attempt.attemptedAt.toISOString(),
        status_code: attempt.statusCode,
        error: attempt.error,
        latency_ms: attempt.latencyMs,
        response_body: attempt.responseBody,
        succeeded: attempt.succeeded,
      });
      byDelivery.set(attempt.deliveryId, list);
    }
    return rows.map((row) => ({
      cursorAt: row.cursor_at,
      view: {
        id: row.id,
        event_id: row.event_id,
        event_type: row.event_type,
        endpoint_id: row.endpoint_id,
        endpoint_url: row.endpoint_url,
        outcome: row.outcome,
        created_at: iso(row.created_at)!,
        next_attempt_at: row.outcome === 'pending' ? iso(row.next_attempt_at) : null,
        attempts: byDelivery.get(row.id) ?? [],
      } satisfies WebhookDelivery,
    }));
  }

  async function deliveryView(organisationId: string, deliveryId: string): Promise<WebhookDelivery> {
    const [found] = await deliveryViews(organisationId, sql`d.id = ${deliveryId}::uuid`, 1);
    return found!.view;
  }

  /** One event to one endpoint, now: a resend, or a test event (`before` writes it in the same transaction). */
  async function deliverOne(organisationId: string, eventId: string, endpointId: string, before?: (tx: Executor) => Promise<void>): Promise<WebhookDelivery> {
    const now = clock.now();
    const deliveryId = await db.transaction(async (tx) => {
      await before?.(tx);
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into webhook_deliveries (organisation_id, event_id, endpoint_id, event_type, created_at, next_attempt_at)
        select ev.organisation_id, ev.id, ${endpointId}::uuid, ev.type, ${now}, ${now} from webhook_events ev where ev.id = ${eventId}
        returning id::text`);
      await enqueueDeliveries(
        tx,
        rows.map((row) => row.id),
      );
      return rows[0]!.id;
    });
    return deliveryView(organisationId, deliveryId);
  }

  function requireEnabled(endpoint: EndpointRow) {
    if (!endpoint.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.endpointDisabled);
  }

  /** Disables an endpoint that has failed for 3 days (once, whichever attempt gets there first) and tells its owners. */
  async function disableFailing(executor: Executor, claimed: Claimed, now: Date): Promise<void> {
    const { rows } = await executor.execute(sql`
      update webhook_endpoints set enabled = false, disabled_reason = 'failing', updated_at = ${now}
       where id = ${claimed.endpoint_id}::uuid and enabled and failing_since <= ${new Date(now.getTime() - GIVE_UP_AFTER_MS)}
      returning id`);
    if (rows.length === 0) return;
    await failPending(executor, claimed.endpoint_id);
    for (const to of await ownerEmails(executor, claimed.organisation_id)) {
      await mailQueue.enqueue(
        executor,
        actionEmail({
          to,
          subject: 'A webhook endpoint was disabled after failing for 3 days',
          greeting: 'Hello,',
          lines: [
            `Every delivery to the webhook endpoint ${claimed.url} has failed for 3 days, so it has been disabled and receives no more events.`,
            'The delivery log shows each attempt. Once the endpoint answers again, enable it and replay the events it missed.',
          ],
          action: { label: 'Open webhooks', url: `${config.PUBLIC_URL}/webhooks` },
          footer: 'Every owner of the organisation gets this email.',
        }),
      );
    }
  }

  /** The signature header: the current secret's, and the previous one's while a rotation overlap lasts. */
  function signatures(claimed: Claimed, body: string, signedAt: Date, now: Date): string {
    const secrets = [box.open(claimed.secret_ciphertext, claimed.endpoint_id)];
    if (claimed.previous_secret_ciphertext && claimed.previous_secret_expires_at && new Date(claimed.previous_secret_expires_at) > now) {
      secrets.push(box.open(claimed.previous_secret_ciphertext, claimed.endpoint_id));
    }
    return secrets.map((secret) => new Webhook(secret).sign(claimed.event_id, signedAt, body)).join(' ');
  }

  /** One attempt of a delivery, if it is due and no one else holds it. */
  async function deliver(deliveryId: string): Promise<void> {
    const now = clock.now();
    // The claim holds the delivery for longer than an attempt can take; a crash mid-attempt frees it then.
    const lease = new Date(now.getTime() + leaseMs);
    const { rows } = await db.execute<Claimed>(sql`
      update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = ${lease}
        from webhook_endpoints e, webhook_events ev
       where d.id = ${deliveryId}::uuid and d.outcome = 'pending' and d.next_attempt_at <= ${now}
         and e.id = d.endpoint_id and e.enabled and ev.id = d.event_id
      returning d.id::text as delivery_id, d.attempts, d.created_at, e.id::text as endpoint_id, e.organisation_id::text, e.url,
                e.secret_ciphertext, e.previous_secret_ciphertext, e.previous_secret_expires_at,
                ev.id as event_id, ev.type as event_type, ev.payload, ev.created_at as event_created_at`);
    const claimed = rows[0];
    if (!claimed) return;
    const body = JSON.stringify({ type: claimed.event_type, timestamp: new Date(claimed.event_created_at).toISOString(), data: claimed.payload });
    const checked = await guard(claimed.url);
    // Receivers compare webhook-timestamp with their own clock, so it is the real time of sending.
    const signedAt = systemClock.now();
    const result = checked.ok
      ? await postOnce(
          checked.target,
          {
            'content-type': 'application/json',
            'user-agent': 'Verigate-Webhooks/1.0',
            'webhook-id': claimed.event_id,
            'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
            'webhook-signature': signatures(claimed, body, signedAt, now),
          },
          body,
          config.WEBHOOK_TIMEOUT_MS,
        )
      : { statusCode: null, error: `Refused: ${checked.message}`, latencyMs: 0, responseBody: '', succeeded: false };
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId,
        attempt: claimed.attempts,
        attemptedAt: now,
        statusCode: result.statusCode,
        error: result.error,
        latencyMs: result.latencyMs,
        responseBody: result.responseBody,
        succeeded: result.succeeded,
      });
      if (result.succeeded) {
        await tx.execute(sql`update webhook_deliveries set outcome = 'succeeded', next_attempt_at = null where id = ${deliveryId}::uuid`);
        await tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${claimed.endpoint_id}::uuid and failing_since is not null`);
        return;
      }
      const next = nextAttemptAt(claimed.attempts, now, new Date(claimed.created_at));
      await tx.execute(sql`update webhook_deliveries set outcome = ${next ? 'pending' : 'failed'}, next_attempt_at = ${next} where id = ${deliveryId}::uuid`);
      await tx.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${now}) where id = ${claimed.endpoint_id}::uuid`);
      await disableFailing(tx, claimed, now);
      // Prompt in real time; the sweep is the safety net (and what a test clock drives).
      if (next) await jobs.send(DELIVER_QUEUE, { deliveryId }, { executor: tx, startAfter: new Date(Date.now() + (next.getTime() - now.getTime())) });
    });
  }

  /** Enqueues every pending delivery that is due (retries, replays, attempts a crash interrupted). */
  async function sweep(): Promise<number> {
    const now = clock.now();
    let enqueued = 0;
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const { rows } = await db.execute<{ id: string; next_attempt_at: Date }>(sql`
        select id::text, next_attempt_at from webhook_deliveries
         where outcome = 'pending' and next_attempt_at <= ${now}
           ${after ? sql`and (next_attempt_at, id) > (${after.at}, ${after.id}::uuid)` : sql``}
         order by next_attempt_at, id limit ${SWEEP_PAGE}`);
      for (const row of rows) await jobs.send(DELIVER_QUEUE, { deliveryId: row.id }, { singletonKey: row.id });
      enqueued += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < SWEEP_PAGE) return enqueued;
      after = { at: new Date(last.next_attempt_at), id: last.id };
    }
  }

  /** The event and a delivery (with its job) per enabled endpoint subscribed to it; null when `onceKey` was taken. */
  async function record(
    executor: Executor,
    organisationId: string,
    type: WebhookEventType,
    payload: Record<string, unknown>,
    onceKey: string | null,
  ): Promise<string | null> {
    const now = clock.now();
    const eventId = newEventId();
    const inserted = await executor
      .insert(webhookEvents)
      .values({ id: eventId, organisationId, type, payload, onceKey, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return null;
    const { rows } = await executor.execute<{ id: string }>(sql`
      insert into webhook_deliveries (organisation_id, event_id, endpoint_id, event_type, created_at, next_attempt_at)
      select ${organisationId}::uuid, ${eventId}, e.id, ${type}, ${now}, ${now}
        from webhook_endpoints e
       where e.organisation_id = ${organisationId}::uuid and e.enabled and ${type} = any(e.events)
      returning id::text`);
    await enqueueDeliveries(
      executor,
      rows.map((row) => row.id),
    );
    return eventId;
  }

  const service = {
    /**
     * Records an event of `organisationId` in the caller's transaction and queues its delivery to
     * every enabled endpoint subscribed to `type`: sent only if that transaction commits.
     */
    async emit(executor: Executor, organisationId: string, type: WebhookEventType, payload: Record<string, unknown>): Promise<string> {
      return (await record(executor, organisationId, type, payload, null))!;
    },

    /** `emit`, unless an event of this type was already raised with this `onceKey` (a reminder is sent once, however often it is due). */
    async emitOnce(executor: Executor, organisationId: string, type: WebhookEventType, payload: Record<string, unknown>, onceKey: string): Promise<boolean> {
      return (await record(executor, organisationId, type, payload, onceKey)) !== null;
    },

    async list(organisationId: string): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organisationId, organisationId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
      const now = clock.now();
      return rows.map((row) => endpointView(row, now));
    },

    async get(organisationId: string, id: string): Promise<WebhookEndpoint> {
      return endpointView(await endpointOf(db, organisationId, id), clock.now());
    },

    /**
     * Takes the lowest free slot of the organisation's 10 in one statement. Two creates racing for
     * one slot: the unique (organisation, slot) lets one in and the other tries the next free one,
     * so the organisation never has more than 10, however many arrive together.
     */
    async create(organisationId: string, input: WebhookEndpointCreate, actor: string, origin: RequestOrigin): Promise<WebhookEndpointWithSecret> {
      await requireTarget(input.url);
      const id = randomUUID();
      const secret = newSigningSecret();
      const sealed = box.seal(secret, id);
      for (let tries = 0; tries < WEBHOOK_MAX_ENDPOINTS; tries += 1) {
        const now = clock.now();
        const rows = await db.transaction(async (tx) => {
          const inserted = await tx.execute<{ id: string }>(sql`
          insert into webhook_endpoints (id, organisation_id, slot, url, description, events, enabled, disabled_reason, secret_ciphertext, created_at, updated_at)
          select ${id}::uuid, ${organisationId}::uuid, free.slot, ${input.url}, ${input.description}, ${sql.param(input.events)}::text[],
                 ${input.enabled}, ${input.enabled ? null : 'manual'}, ${sealed}, ${now}, ${now}
            from (select s as slot from generate_series(1, ${WEBHOOK_MAX_ENDPOINTS}::int) s
                   where s not in (select slot from webhook_endpoints where organisation_id = ${organisationId}::uuid)
                   order by s limit 1) free
          on conflict on constraint webhook_endpoints_slot_unique do nothing
          returning id::text`);
          if (inserted.rows.length > 0)
            await audit.record(tx, {
              actor,
              organisationId,
              action: 'webhook.endpoint_created',
              details: { endpoint_id: id, url: auditedUrl(input.url), events: input.events, enabled: input.enabled },
              origin,
            });
          return inserted.rows;
        });
        if (rows.length > 0) return { ...endpointView(await endpointOf(db, organisationId, id), clock.now()), secret };
        const [count] = await db
          .execute<{ n: number }>(sql`select count(*)::int as n from webhook_endpoints where organisation_id = ${organisationId}::uuid`)
          .then((result) => result.rows);
        if ((count?.n ?? 0) >= WEBHOOK_MAX_ENDPOINTS) break;
      }
      throw new AppError('conflict', WEBHOOK_MESSAGES.tooManyEndpoints);
    },

    async update(organisationId: string, id: string, input: WebhookEndpointUpdate, actor: string, origin: RequestOrigin): Promise<WebhookEndpoint> {
      const before = await endpointOf(db, organisationId, id);
      if (input.url !== undefined) await requireTarget(input.url);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.events !== undefined ? { events: input.events } : {}),
            ...(input.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
            ...(input.enabled === false ? { enabled: false, disabledReason: 'manual' } : {}),
            updatedAt: now,
          })
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
          .returning();
        if (!updated) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
        if (!updated.enabled) await failPending(tx, id);
        const audited = (row: EndpointRow) => ({ url: auditedUrl(row.url), description: row.description, events: row.events, enabled: row.enabled });
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'webhook.endpoint_updated',
          details: { endpoint_id: id, before: audited(before), after: audited(updated) },
          origin,
        });
        return updated;
      });
      return endpointView(row, now);
    },

    /** The endpoint and its delivery log go; its slot is free again. */
    async remove(organisationId: string, id: string, actor: string, origin: RequestOrigin): Promise<{ message: string }> {
      await endpointOf(db, organisationId, id);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
          .returning({ url: webhookEndpoints.url });
        if (!deleted) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'webhook.endpoint_deleted',
          details: { endpoint_id: id, url: auditedUrl(deleted.url) },
          origin,
        });
      });
      return { message: WEBHOOK_MESSAGES.deleted };
    },

    /** A new secret at once; the previous one also signs until the overlap ends ('now': not at all). */
    async rotateSecret(
      organisationId: string,
      id: string,
      overlap: WebhookRotationOverlap,
      actor: string,
      origin: RequestOrigin,
    ): Promise<WebhookEndpointWithSecret> {
      const current = await endpointOf(db, organisationId, id);
      const now = clock.now();
      const secret = newSigningSecret();
      const keepsPrevious = OVERLAP_MS[overlap] > 0;
      const row = await db.transaction(async (tx) => {
        const [rotated] = await tx
          .update(webhookEndpoints)
          .set({
            secretCiphertext: box.seal(secret, id),
            previousSecretCiphertext: keepsPrevious ? current.secretCiphertext : null,
            previousSecretExpiresAt: keepsPrevious ? new Date(now.getTime() + OVERLAP_MS[overlap]) : null,
            updatedAt: now,
          })
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
          .returning();
        if (!rotated) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
        await audit.record(tx, { actor, organisationId, action: 'webhook.secret_rotated', details: { endpoint_id: id, overlap }, origin });
        return rotated;
      });
      return { ...endpointView(row, now), secret };
    },

    async sendTest(organisationId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(db, organisationId, id);
      requireEnabled(endpoint);
      const eventId = newEventId();
      return deliverOne(organisationId, eventId, id, async (tx) => {
        await tx.insert(webhookEvents).values({
          id: eventId,
          organisationId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          payload: { message: 'A test event from Verigate', endpoint_id: id },
          createdAt: clock.now(),
        });
      });
    },

    /** Sends an event again to one endpoint (it must receive the event's type), as a new delivery; not once the event is past the retention. */
    async resend(organisationId: string, eventId: string, endpointId: string): Promise<WebhookDelivery> {
      const event = await eventOf(organisationId, eventId, true);
      const endpoint = await endpointOf(db, organisationId, endpointId);
      requireEnabled(endpoint);
      if (event.type !== WEBHOOK_TEST_EVENT_TYPE && !endpoint.events.includes(event.type))
        throw new AppError('conflict', WEBHOOK_MESSAGES.endpointNotSubscribed);
      return deliverOne(organisationId, eventId, endpointId);
    },

    /** Every event of [from, to) of a type the endpoint receives, as new deliveries; the sweep sends them, oldest first. */
    async replay(organisationId: string, id: string, range: WebhookReplay, actor: string, origin: RequestOrigin): Promise<WebhookReplayResult> {
      const endpoint = await endpointOf(db, organisationId, id);
      requireEnabled(endpoint);
      const now = clock.now();
      const replayed = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ n: number }>(sql`
          with inserted as (
            insert into webhook_deliveries (organisation_id, event_id, endpoint_id, event_type, created_at, next_attempt_at)
            select ev.organisation_id, ev.id, ${id}::uuid, ev.type, ${now}, ev.created_at
              from webhook_events ev
             where ev.organisation_id = ${organisationId}::uuid and ev.type = any(${sql.param(endpoint.events)}::text[])
               and ev.created_at >= ${new Date(range.from)} and ev.created_at < ${new Date(range.to)} and ev.created_at >= ${webhookRetentionCutoff(now)}
            returning 1)
          select count(*)::int as n from inserted`);
        await jobs.send(SWEEP_QUEUE, {}, { executor: tx });
        const count = rows[0]?.n ?? 0;
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'webhook.replayed',
          details: { endpoint_id: id, from: range.from, to: range.to, replayed: count },
          origin,
        });
        return count;
      });
      return { replayed };
    },

    async deliveries(organisationId: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
      if (query.endpoint_id !== undefined) await endpointOf(db, organisationId, query.endpoint_id);
      if (query.event_id !== undefined) await eventOf(organisationId, query.event_id);
      const cursor = query.cursor !== undefined ? decodeLogCursor(query.cursor) : undefined;
      const filters = [
        query.endpoint_id !== undefined ? sql`d.endpoint_id = ${query.endpoint_id}::uuid` : undefined,
        query.event_type !== undefined ? sql`d.event_type = ${query.event_type}` : undefined,
        query.event_id !== undefined ? sql`d.event_id = ${query.event_id}` : undefined,
        query.outcome !== undefined ? sql`d.outcome = ${query.outcome}` : undefined,
        query.from !== undefined ? sql`d.created_at >= ${new Date(query.from)}` : undefined,
        query.to !== undefined ? sql`d.created_at < ${new Date(query.to)}` : undefined,
        cursor ? sql`(d.created_at, d.id) < (${cursor.createdAt}::timestamptz, ${cursor.requestId}::uuid)` : undefined,
      ].filter((filter) => filter !== undefined);
      const rows = await deliveryViews(organisationId, filters.length ? sql.join(filters, sql` and `) : sql`true`, WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
      const last = page.at(-1);
      return {
        deliveries: page.map((row) => row.view),
        next_cursor: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE && last ? encodeLogCursor(last.cursorAt, last.view.id) : null,
      };
    },

    sweep,
    deliver,

    async startJobs(): Promise<void> {
      await jobs.define(DELIVER_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true });
      await jobs.define(SWEEP_QUEUE, { retryLimit: 1, policy: 'singleton' });
      // Attempts mostly wait on receivers: two workers of up to 16 at once, so a slow receiver holds back few others.
      for (let worker = 0; worker < DELIVERY_WORKERS; worker += 1) {
        await jobs.work<{ deliveryId: string }>(
          DELIVER_QUEUE,
          async ({ deliveryId }) => {
            try {
              await deliver(deliveryId);
            } catch (error) {
              log.error({ err: error }, 'webhook delivery failed to run');
              throw error;
            }
          },
          { batchSize: DELIVERY_BATCH, parallel: true },
        );
      }
      await jobs.work(SWEEP_QUEUE, async () => void (await sweep()));
      await jobs.schedule(SWEEP_QUEUE, '* * * * *');
      await jobs.define(RETENTION_QUEUE, { policy: 'singleton', retryLimit: 3 });
      await jobs.work(RETENTION_QUEUE, async () => {
        const deleted = await enforceWebhookRetention(db, clock.now());
        if (deleted.deliveries + deleted.events > 0) log.info(deleted, 'webhook retention deleted old deliveries and events');
      });
      await jobs.schedule(RETENTION_QUEUE, '23 2 * * *');
      await jobs.send(RETENTION_QUEUE, {}, { singletonKey: 'start' });
      // At start and once a lease later: what a crashed predecessor was sending is due again soon after a restart.
      await jobs.send(SWEEP_QUEUE, {}, { singletonKey: 'start' });
      await jobs.send(SWEEP_QUEUE, {}, { singletonKey: 'start-after-lease', startAfter: new Date(Date.now() + leaseMs + SECOND) });
    },
  };
  return service;
}

export type WebhookService = Awaited<ReturnType<typeof createWebhookService>>;
/** What a module that reports changes needs: `emit` (or `emitOnce`), called in the change's transaction. */
export type WebhookEmitter = Pick<WebhookService, 'emit' | 'emitOnce'>;
