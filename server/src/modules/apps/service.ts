import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { isHiddenFromApp, productByArn } from '@verigate/catalog';
import {
  ACTIVATION_MESSAGES,
  APP_MESSAGES,
  FULLY_ONBOARDED,
  KEY_MESSAGES,
  KEY_ROLL_OVERLAPS,
  KEY_SHOWN_ONCE,
  TEST_APP_NAME,
  type AppKey,
  type KeyRollOverlap,
  type AppKeys,
  type AppProducts,
  type AppView,
  type AppWhitelist,
  type GeneratedKey,
  type MessageResponse,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { appKeys, appProducts, apps } from '../../db/schema.js';
import { generateApiKey } from '../../platform/api-keys.js';
import type { Audit } from '../../platform/audit.js';
import { announceCredentialChange } from '../../platform/change-feed.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { OrganisationService } from '../organisations/service.js';
import type { ProductService, SubscriptionListener } from '../products/service.js';
import type { WebhookEmitter } from '../webhooks/service.js';
import { sweepKeyExpiry } from './key-expiry.js';

const APP_NOT_FOUND = 'App not found';
const KEY_EXPIRY_QUEUE = 'apps.key-expiry';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A rolled key's new name: its name, shortened so the suffix keeps it within the key-name rules. */
const rolledName = (name: string, taken: ReadonlySet<string>) => {
  const base = name.slice(0, 19).trimEnd();
  for (let n = 1; ; n += 1) {
    const candidate = `${base} old${n === 1 ? '' : n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
};

type AppRow = typeof apps.$inferSelect;
type KeyRow = typeof appKeys.$inferSelect;

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  products: Pick<ProductService, 'subscribedArns' | 'firstUnsubscribed'>;
  organisations: Pick<OrganisationService, 'advanceOnboarding' | 'onboardingStatus'>;
  jobs: Jobs;
  mailQueue: MailQueue;
  config: Pick<Config, 'PUBLIC_URL'>;
  webhooks: WebhookEmitter;
}

/**
 * Apps, their API keys, products and IP whitelists. Every change is announced on the credential
 * channel inside its transaction, so each instance's gateway forgets the app when it commits.
 */
export function createAppService({ db, clock, audit, products, organisations, jobs, mailQueue, config, webhooks }: Dependencies) {
  const keyView = (key: KeyRow, now: number): AppKey => {
    const ended = key.expiresAt !== null && key.expiresAt.getTime() <= now;
    return {
      _id: key.id,
      key_name: key.keyName,
      key_start: key.keyStart,
      createdAt: key.createdAt.getTime(),
      updatedAt: key.updatedAt.getTime(),
      status: key.status === 'ENABLED' && !ended ? 'ENABLED' : 'DISABLED',
      expiresAt: key.expiresAt?.getTime() ?? null,
      rolledAt: key.rolledAt?.getTime() ?? null,
      lastUsedAt: key.lastUsedAt?.getTime() ?? null,
      lastClientIp: key.lastClientIp,
    };
  };

  /** An expiry given with a new key: in the future by the service's clock. */
  const expiryOf = (expiresAt: number | undefined): Date | null => {
    if (expiresAt === undefined) return null;
    if (expiresAt <= clock.now().getTime()) throw new AppError('bad_request', KEY_MESSAGES.expiryInPast);
    return new Date(expiresAt);
  };

  async function views(rows: AppRow[]): Promise<AppView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const keys = await db.select().from(appKeys).where(inArray(appKeys.appId, ids)).orderBy(asc(appKeys.createdAt));
    const linked = await db.select().from(appProducts).where(inArray(appProducts.appId, ids)).orderBy(asc(appProducts.createdAt));
    const now = clock.now().getTime();
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      createdAt: row.createdAt.getTime(),
      is_test_app: row.isTestApp,
      keys: keys.filter((key) => key.appId === row.id).map((key) => keyView(key, now)),
      service_access: linked
        .filter((link) => link.appId === row.id)
        .map((link) => productByArn(link.productArn))
        .filter((product) => product !== undefined && !isHiddenFromApp(product))
        .map((product) => ({ _id: product!.arn, name: product!.name })),
      ip_whitelisted: row.ipWhitelist,
    }));
  }

  async function appOf(organisationId: string, appId: string): Promise<AppRow> {
    const [row] = await db
      .select()
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.organisationId, organisationId)));
    if (!row) throw new AppError('not_found', APP_NOT_FOUND);
    return row;
  }

  /**
   * First in every transaction that changes an app's keys or products: a share lock on the app's
   * row, which deleting the app takes exclusively (a whitelist change locks the row to update it).
   * A key enabled or added while the app is deleted is then either seen by the deletion, which
   * refuses, or finds the app gone (404); and as both lock the app before its keys, neither waits
   * for the other in a cycle.
   */
  async function lockApp(tx: Executor, appId: string): Promise<void> {
    const [row] = await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('key share');
    if (!row) throw new AppError('not_found', APP_NOT_FOUND);
  }

  /** Held by whatever makes the test app or changes the products it follows. */
  const lockTestApp = (tx: Executor, organisationId: string) => lockUntilCommit(tx, `test-app:${organisationId}`);

  async function testAppOf(tx: Executor, organisationId: string): Promise<AppRow | undefined> {
    const [row] = await tx
      .select()
      .from(apps)
      .where(and(eq(apps.organisationId, organisationId), eq(apps.isTestApp, true)));
    return row;
  }

  /** The organisation's test app, created with its subscribed products when missing. */
  async function ensureTestApp(
    tx: Executor,
    organisationId: string,
    actor: string,
    origin: RequestOrigin | null,
    name = TEST_APP_NAME,
  ): Promise<{ app: AppRow; created: boolean }> {
    // One test app per organisation, even when its creation and the skip arrive at once.
    await lockTestApp(tx, organisationId);
    const existing = await testAppOf(tx, organisationId);
    if (existing) return { app: existing, created: false };
    const [created] = await tx.insert(apps).values({ organisationId, name, isTestApp: true }).returning();
    const subscribed = await products.subscribedArns(organisationId, tx);
    if (subscribed.length > 0)
      await tx
        .insert(appProducts)
        .values(subscribed.map((productArn) => ({ appId: created!.id, productArn })))
        .onConflictDoNothing();
    await audit.record(tx, { actor, organisationId, action: 'app.created', details: { appId: created!.id, name, isTestApp: true }, origin });
    return { app: created!, created: true };
  }

  const service = {
    async list(organisationId: string, { testOnly = false }: { testOnly?: boolean } = {}): Promise<AppView[]> {
      const rows = await db
        .select()
        .from(apps)
        .where(and(eq(apps.organisationId, organisationId), testOnly ? eq(apps.isTestApp, true) : undefined))
        .orderBy(desc(apps.isTestApp), asc(apps.createdAt));
      return views(rows);
    },

    /** The id of the organisation's test app (is_test_app), or null when it has none yet. */
    async testAppId(organisationId: string): Promise<string | null> {
      return (await testAppOf(db, organisationId))?.id ?? null;
    },

    /** The organisation's oldest live app with `arn` enabled, or null when it has none. */
    async liveAppIdFor(organisationId: string, arn: string): Promise<string | null> {
      const [row] = await db
        .select({ id: apps.id })
        .from(apps)
        .innerJoin(appProducts, and(eq(appProducts.appId, apps.id), eq(appProducts.productArn, arn)))
        .where(and(eq(apps.organisationId, organisationId), eq(apps.isTestApp, false)))
        .orderBy(asc(apps.createdAt), asc(apps.id))
        .limit(1);
      return row?.id ?? null;
    },

    async get(organisationId: string, appId: string): Promise<AppView> {
      const [view] = await views([await appOf(organisationId, appId)]);
      return view!;
    },

    /** Skipping the product step: the organisation gets its test app and moves on to SERVICES_ADDED. */
    async skipOnboarding(organisationId: string, actor: string, origin: RequestOrigin): Promise<{ _id: string }> {
      const testApp = await db.transaction(async (tx) => {
        const { app } = await ensureTestApp(tx, organisationId, actor, origin);
        await organisations.advanceOnboarding(tx, organisationId, 'onboardingSkipped');
        return app;
      });
      return { _id: testApp.id };
    },

    /** The first app is the test app; live apps need a fully onboarded organisation (a plan). */
    async create(organisationId: string, name: string, actor: string, origin: RequestOrigin): Promise<AppView> {
      if (!(await testAppOf(db, organisationId))) {
        const { app, created } = await db.transaction((tx) => ensureTestApp(tx, organisationId, actor, origin, name));
        // When another request made the test app first, this one asks for a live app.
        if (created) return (await views([app]))[0]!;
      }
      const status = await organisations.onboardingStatus(organisationId);
      if (status !== FULLY_ONBOARDED) {
        // An activated organisation only lacks a plan; before that, the activation is what is missing.
        if (status === 'ACCOUNT_ACTIVATED') throw new AppError('conflict', APP_MESSAGES.subscribePlan);
        throw new AppError('conflict', status === 'ACTIVATION_REQUESTED' ? ACTIVATION_MESSAGES.requested : ACTIVATION_MESSAGES.pending);
      }
      const created = await db.transaction(async (tx) => {
        // Two apps of one name cannot be told apart in reports and keys: the lock makes the check and the insert one step for requests sent together.
        await lockUntilCommit(tx, `app-names:${organisationId}`);
        const [taken] = await tx
          .select({ id: apps.id })
          .from(apps)
          .where(and(eq(apps.organisationId, organisationId), sql`lower(${apps.name}) = lower(${name})`))
          .limit(1);
        if (taken) throw new AppError('conflict', APP_MESSAGES.nameTaken);
        const [app] = await tx.insert(apps).values({ organisationId, name, isTestApp: false }).returning();
        await audit.record(tx, { actor, organisationId, action: 'app.created', details: { appId: app!.id, name, isTestApp: false }, origin });
        return app!;
      });
      return (await views([created]))[0]!;
    },

    /** A new key, shown once: only its SHA-256 hash and a visible start are kept. The test app's first key completes onboarding. */
    async generateKey(organisationId: string, appId: string, keyName: string, actor: string, origin: RequestOrigin, expiresAt?: number): Promise<GeneratedKey> {
      const app = await appOf(organisationId, appId);
      const expiry = expiryOf(expiresAt);
      const { key, hash, start } = generateApiKey(app.isTestApp ? 'test' : 'live');
      const now = clock.now();
      await db.transaction(async (tx) => {
        // After the lock, so that an app deleted meanwhile answers 404 rather than "link a product".
        await lockApp(tx, appId);
        const [linked] = await tx.select({ appId: appProducts.appId }).from(appProducts).where(eq(appProducts.appId, appId)).limit(1);
        if (!linked) throw new AppError('conflict', 'Link a product to the app before adding a key');
        // A roll renames a key in the meantime: the name is checked against the names after it.
        await lockUntilCommit(tx, `app-keys:${appId}`);
        const inserted = await tx
          .insert(appKeys)
          .values({ appId, keyName, keyHash: hash, keyStart: start, status: 'ENABLED', createdAt: now, updatedAt: now, expiresAt: expiry })
          .onConflictDoNothing()
          .returning({ id: appKeys.id });
        if (inserted.length === 0) throw new AppError('conflict', 'A key with this name already exists');
        if (app.isTestApp) await organisations.advanceOnboarding(tx, organisationId, 'testKeyGenerated');
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'key.created',
          details: { appId, keyName, keyStart: start, expiresAt: expiry?.toISOString() ?? null },
          origin,
        });
        await webhooks.emit(tx, organisationId, 'key.created', {
          app_id: appId,
          key_name: keyName,
          key_start: start,
          expires_at: expiry?.toISOString() ?? null,
          rolled: false,
        });
      });
      const view = await service.get(organisationId, appId);
      return { keys: view.keys, apiKey: key, message: KEY_SHOWN_ONCE };
    },

    async setKeyStatus(
      organisationId: string,
      appId: string,
      keyName: string,
      status: 'ENABLED' | 'DISABLED',
      actor: string,
      origin: RequestOrigin,
    ): Promise<AppKeys> {
      await appOf(organisationId, appId);
      await db.transaction(async (tx) => {
        await lockApp(tx, appId);
        const now = clock.now();
        const [changed] = await tx
          .update(appKeys)
          .set({ status, updatedAt: now })
          .where(and(eq(appKeys.appId, appId), eq(appKeys.keyName, keyName)))
          .returning({ keyStart: appKeys.keyStart, expiresAt: appKeys.expiresAt });
        if (!changed) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
        // Enabling cannot bring back a key past its expiry or its roll overlap: that would read as working and be refused.
        if (status === 'ENABLED' && changed.expiresAt && changed.expiresAt <= now) throw new AppError('conflict', KEY_MESSAGES.expired);
        await announceCredentialChange(tx, appId);
        await audit.record(tx, {
          actor,
          organisationId,
          action: status === 'ENABLED' ? 'key.enabled' : 'key.disabled',
          details: { appId, keyName, keyStart: changed.keyStart },
          origin,
        });
        if (status === 'DISABLED') {
          await webhooks.emit(tx, organisationId, 'key.disabled', { app_id: appId, key_name: keyName, key_start: changed.keyStart, reason: 'disabled' });
        }
      });
      return { keys: (await service.get(organisationId, appId)).keys };
    },

    /** A key goes only once disabled, so a live integration never loses its key by one click. */
    async deleteKey(organisationId: string, appId: string, keyName: string, actor: string, origin: RequestOrigin): Promise<AppKeys> {
      await appOf(organisationId, appId);
      await db.transaction(async (tx) => {
        await lockApp(tx, appId);
        const [key] = await tx
          .select()
          .from(appKeys)
          .where(and(eq(appKeys.appId, appId), eq(appKeys.keyName, keyName)))
          .for('update');
        if (!key) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
        const ended = key.expiresAt !== null && key.expiresAt <= clock.now();
        if (key.status === 'ENABLED' && !ended) throw new AppError('conflict', APP_MESSAGES.disableKeyFirst);
        await tx.delete(appKeys).where(eq(appKeys.id, key.id));
        await announceCredentialChange(tx, appId);
        await audit.record(tx, { actor, organisationId, action: 'key.deleted', details: { appId, keyName, keyStart: key.keyStart }, origin });
      });
      return { keys: (await service.get(organisationId, appId)).keys };
    },

    /**
     * Rolling: a new key takes the old one's name and is shown once; the old one is renamed and
     * works until the overlap ends (or its own expiry, when sooner). The old key's row is locked,
     * so of two rolls sent together one succeeds and the other finds the key rolled (409).
     */
    async rollKey(
      organisationId: string,
      appId: string,
      { keyId, overlap, expiresAt }: { keyId: string; overlap: KeyRollOverlap; expiresAt?: number },
      actor: string,
      origin: RequestOrigin,
    ): Promise<GeneratedKey> {
      const app = await appOf(organisationId, appId);
      if (!UUID.test(keyId)) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
      const expiry = expiryOf(expiresAt);
      const { key, hash, start } = generateApiKey(app.isTestApp ? 'test' : 'live');
      const now = clock.now();
      const overlapEnd = new Date(now.getTime() + KEY_ROLL_OVERLAPS[overlap]);
      await db.transaction(async (tx) => {
        await lockApp(tx, appId);
        const [old] = await tx
          .select()
          .from(appKeys)
          .where(and(eq(appKeys.id, keyId), eq(appKeys.appId, appId)))
          .for('update');
        if (!old) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
        if (old.rolledAt) throw new AppError('conflict', KEY_MESSAGES.alreadyRolled);
        // Names are unique per app: the lock keeps a key added meanwhile from taking the renamed one.
        await lockUntilCommit(tx, `app-keys:${appId}`);
        const names = await tx.select({ name: appKeys.keyName }).from(appKeys).where(eq(appKeys.appId, appId));
        const oldName = rolledName(old.keyName, new Set(names.map((row) => row.name.toLowerCase())));
        const ends = old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd;
        await tx
          .update(appKeys)
          .set({ keyName: oldName, rolledAt: now, expiresAt: ends, updatedAt: now, ...(overlap === 'now' ? { status: 'DISABLED' } : {}) })
          .where(eq(appKeys.id, old.id));
        await tx
          .insert(appKeys)
          .values({ appId, keyName: old.keyName, keyHash: hash, keyStart: start, status: 'ENABLED', createdAt: now, updatedAt: now, expiresAt: expiry });
        await announceCredentialChange(tx, appId);
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'key.rolled',
          details: {
            appId,
            keyName: old.keyName,
            oldKeyStart: old.keyStart,
            newKeyStart: start,
            oldKeyEndsAt: ends.toISOString(),
            newKeyExpiresAt: expiry?.toISOString() ?? null,
          },
          origin,
        });
        await webhooks.emit(tx, organisationId, 'key.created', { app_id: appId, key_name: old.keyName, key_start: start, expires_at: null, rolled: true });
        if (overlap === 'now') {
          await webhooks.emit(tx, organisationId, 'key.disabled', { app_id: appId, key_name: oldName, key_start: old.keyStart, reason: 'rolled' });
        }
      });
      return { keys: (await service.get(organisationId, appId)).keys, apiKey: key, message: KEY_MESSAGES.rolled };
    },

    /** Reminds owners of keys about to expire and switches off expired ones, every few minutes on one instance. */
    async startJobs(): Promise<void> {
      await jobs.define(KEY_EXPIRY_QUEUE, { policy: 'singleton', retryLimit: 1 });
      await jobs.work(KEY_EXPIRY_QUEUE, async () => {
        await sweepKeyExpiry(db, mailQueue.enqueue, config.PUBLIC_URL, clock.now(), webhooks.emit);
      });
      await jobs.schedule(KEY_EXPIRY_QUEUE, '*/5 * * * *');
    },

    /** The app's products become exactly these, all of them subscribed by the organisation. */
    async setProducts(organisationId: string, appId: string, productIds: readonly string[], actor: string, origin: RequestOrigin): Promise<AppProducts> {
      await appOf(organisationId, appId);
      const wanted = [...new Set(productIds)];
      await db.transaction(async (tx) => {
        await lockApp(tx, appId);
        const stranger = await products.firstUnsubscribed(tx, organisationId, wanted);
        if (stranger) throw new AppError('bad_request', `Only subscribed products can be added to an app: ${stranger}`);
        const linked = (
          await tx.select({ productArn: appProducts.productArn }).from(appProducts).where(eq(appProducts.appId, appId)).orderBy(asc(appProducts.createdAt))
        ).flatMap((link) => productByArn(link.productArn) ?? []);
        const before = linked.filter((product) => !isHiddenFromApp(product)).map((product) => product.arn);
        // Products the portal never shows on an app (seed: okyc, merchantreports) stay linked.
        const keep = linked.filter((product) => isHiddenFromApp(product) && !wanted.includes(product.arn)).map((product) => product.arn);
        await tx.delete(appProducts).where(and(eq(appProducts.appId, appId), notInArray(appProducts.productArn, keep.length ? keep : [''])));
        if (wanted.length > 0)
          await tx
            .insert(appProducts)
            .values(wanted.map((productArn) => ({ appId, productArn })))
            .onConflictDoNothing();
        await announceCredentialChange(tx, appId);
        await audit.record(tx, { actor, organisationId, action: 'app.products_changed', details: { appId, before, after: wanted }, origin });
      });
      return { service_access: (await service.get(organisationId, appId)).service_access };
    },

    async whitelist(organisationId: string, appId: string): Promise<AppWhitelist> {
      return { ip_whitelisted: (await appOf(organisationId, appId)).ipWhitelist };
    },

    async setWhitelist(organisationId: string, appId: string, ips: readonly string[], actor: string, origin: RequestOrigin): Promise<AppWhitelist> {
      await appOf(organisationId, appId);
      await db.transaction(async (tx) => {
        // The row lock the update takes anyway, taken first: a change made meanwhile is the "before".
        const [app] = await tx.select({ ipWhitelist: apps.ipWhitelist }).from(apps).where(eq(apps.id, appId)).for('no key update');
        if (!app) throw new AppError('not_found', APP_NOT_FOUND);
        await tx
          .update(apps)
          .set({ ipWhitelist: [...ips] })
          .where(eq(apps.id, appId));
        await announceCredentialChange(tx, appId);
        await audit.record(tx, { actor, organisationId, action: 'app.whitelist_changed', details: { appId, before: app.ipWhitelist, after: ips }, origin });
      });
      return { ip_whitelisted: [...ips] };
    },

    async remove(organisationId: string, appId: string, actor: string, origin: RequestOrigin): Promise<MessageResponse> {
      const app = await appOf(organisationId, appId);
      if (app.isTestApp) throw new AppError('conflict', APP_MESSAGES.testAppForever);
      await db.transaction(async (tx) => {
        // Exclusive against lockApp: no key is enabled or added between this check and the deletion.
        const [locked] = await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update');
        if (!locked) throw new AppError('not_found', APP_NOT_FOUND);
        const enabled = await tx
          .select({ id: appKeys.id })
          .from(appKeys)
          .where(and(eq(appKeys.appId, appId), eq(appKeys.status, 'ENABLED')))
          .limit(1);
        if (enabled.length > 0) throw new AppError('conflict', APP_MESSAGES.disableAllKeys);
        await tx.delete(apps).where(eq(apps.id, appId));
        await announceCredentialChange(tx, appId);
        await audit.record(tx, { actor, organisationId, action: 'app.deleted', details: { appId, name: app.name }, origin });
      });
      return { message: 'App deleted' };
    },

    /**
     * The apps' products follow the organisation's subscriptions: a new one joins the test app, an
     * ended one leaves every app. Both hold the test-app lock, so a test app being made at the same
     * time either reads the change or is seen by it.
     */
    subscriptionListener: {
      async subscribed(tx, organisationId, arn) {
        await lockTestApp(tx, organisationId);
        const testApp = await testAppOf(tx, organisationId);
        if (!testApp) return;
        await tx.insert(appProducts).values({ appId: testApp.id, productArn: arn }).onConflictDoNothing();
        await announceCredentialChange(tx, testApp.id);
      },
      async unsubscribed(tx, organisationId, arn) {
        await lockTestApp(tx, organisationId);
        const unlinked = await tx
          .delete(appProducts)
          .where(
            and(
              eq(appProducts.productArn, arn),
              inArray(appProducts.appId, tx.select({ id: apps.id }).from(apps).where(eq(apps.organisationId, organisationId))),
            ),
          )
          .returning({ appId: appProducts.appId });
        for (const appId of new Set(unlinked.map((link) => link.appId))) await announceCredentialChange(tx, appId);
      },
    } satisfies SubscriptionListener,
  };
  return service;
}

export type AppService = ReturnType<typeof createAppService>;
