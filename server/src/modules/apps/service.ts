import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { isHiddenFromApp, productByArn } from '@verigate/catalog';
import { ACTIVATION_MESSAGES, APP_MESSAGES, KEY_SHOWN_ONCE, TEST_APP_NAME, type AppView, type GeneratedKey, type OnboardingStatus } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { appKeys, appProducts, apps, organisations } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { advanceOnboarding, FULLY_ONBOARDED } from '../organisations/onboarding-status.js';
import type { ProductService } from '../products/service.js';
import { announceCredentialChange } from '../../platform/change-feed.js';
import { generateApiKey } from './api-key.js';

export const APP_NOT_FOUND = 'App not found';

type AppRow = typeof apps.$inferSelect;

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  products: ProductService;
}

export function createAppService({ db, clock, audit, products }: Dependencies) {
  async function views(rows: AppRow[]): Promise<AppView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const keys = await db.select().from(appKeys).where(inArray(appKeys.appId, ids)).orderBy(asc(appKeys.createdAt));
    const linked = await db.select().from(appProducts).where(inArray(appProducts.appId, ids)).orderBy(asc(appProducts.createdAt));
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      createdAt: row.createdAt.getTime(),
      is_test_app: row.isTestApp,
      keys: keys
        .filter((key) => key.appId === row.id)
        .map((key) => ({
          key_name: key.keyName,
          key_start: key.keyStart,
          createdAt: key.createdAt.getTime(),
          updatedAt: key.updatedAt.getTime(),
          status: key.status as 'ENABLED' | 'DISABLED',
        })),
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

  async function statusOf(organisationId: string): Promise<OnboardingStatus> {
    const [row] = await db.select({ status: organisations.onboardingStatus }).from(organisations).where(eq(organisations.id, organisationId));
    return row!.status as OnboardingStatus;
  }

  const service = {
    async list(organisationId: string): Promise<AppView[]> {
      const rows = await db.select().from(apps).where(eq(apps.organisationId, organisationId)).orderBy(desc(apps.isTestApp), asc(apps.createdAt));
      return views(rows);
    },

    async get(organisationId: string, appId: string): Promise<AppView> {
      const [view] = await views([await appOf(organisationId, appId)]);
      return view!;
    },

    /** The organisation's test app, created with its subscribed products when missing. */
    async ensureTestApp(organisationId: string, actor: string, clientIp: string | null, name = TEST_APP_NAME): Promise<AppView> {
      const [existing] = await db
        .select()
        .from(apps)
        .where(and(eq(apps.organisationId, organisationId), eq(apps.isTestApp, true)));
      if (existing) return (await views([existing]))[0]!;
      const [created] = await db.insert(apps).values({ organisationId, name, isTestApp: true }).returning();
      const subscribed = await products.subscribedArns(organisationId);
      if (subscribed.length > 0)
        await db
          .insert(appProducts)
          .values(subscribed.map((productArn) => ({ appId: created!.id, productArn })))
          .onConflictDoNothing();
      await audit.record({ actor, organisationId, action: 'app.created', details: { appId: created!.id, name, isTestApp: true }, clientIp });
      return (await views([created!]))[0]!;
    },

    /** The first app is the test app; live apps need a fully onboarded organisation. */
    async create(organisationId: string, name: string, actor: string, clientIp: string): Promise<AppView> {
      const existing = await db
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.organisationId, organisationId), eq(apps.isTestApp, true)));
      if (existing.length === 0) return service.ensureTestApp(organisationId, actor, clientIp, name);
      const status = await statusOf(organisationId);
      if (status !== FULLY_ONBOARDED) {
        const requested = status === 'ACTIVATION_REQUESTED' || status === 'ACCOUNT_ACTIVATED';
        throw new AppError('conflict', requested ? ACTIVATION_MESSAGES.requested : ACTIVATION_MESSAGES.pending);
      }
      const [created] = await db.insert(apps).values({ organisationId, name, isTestApp: false }).returning();
      await audit.record({ actor, organisationId, action: 'app.created', details: { appId: created!.id, name, isTestApp: false }, clientIp });
      return (await views([created!]))[0]!;
    },

    /** A new key, shown once: only its SHA-256 hash and a visible start are kept. */
    async generateKey(organisationId: string, appId: string, keyName: string, actor: string, clientIp: string): Promise<GeneratedKey> {
      const app = await appOf(organisationId, appId);
      const [linked] = await db.select().from(appProducts).where(eq(appProducts.appId, appId)).limit(1);
      if (!linked) throw new AppError('conflict', 'Link a product to the app before adding a key');
      const { key, hash, start } = generateApiKey(app.isTestApp ? 'test' : 'live');
      const now = clock.now();
      const inserted = await db
        .insert(appKeys)
        .values({ appId, keyName, keyHash: hash, keyStart: start, status: 'ENABLED', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: appKeys.id });
      if (inserted.length === 0) throw new AppError('conflict', 'A key with this name already exists');
      if (app.isTestApp) await advanceOnboarding(db, organisationId, 'testKeyGenerated');
      await audit.record({ actor, organisationId, action: 'key.created', details: { appId, keyName, keyStart: start }, clientIp });
      const view = await service.get(organisationId, appId);
      return { keys: view.keys, apiKey: key, message: KEY_SHOWN_ONCE };
    },

    async setKeyStatus(organisationId: string, appId: string, keyName: string, status: 'ENABLED' | 'DISABLED', actor: string, clientIp: string) {
      await appOf(organisationId, appId);
      const changed = await db
        .update(appKeys)
        .set({ status, updatedAt: clock.now() })
        .where(and(eq(appKeys.appId, appId), eq(appKeys.keyName, keyName)))
        .returning({ keyStart: appKeys.keyStart });
      if (changed.length === 0) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
      await announceCredentialChange(db, appId);
      await audit.record({
        actor,
        organisationId,
        action: status === 'ENABLED' ? 'key.enabled' : 'key.disabled',
        details: { appId, keyName, keyStart: changed[0]!.keyStart },
        clientIp,
      });
      return { keys: (await service.get(organisationId, appId)).keys };
    },

    /** A key goes only once disabled, so a live integration never loses its key by one click. */
    async deleteKey(organisationId: string, appId: string, keyName: string, actor: string, clientIp: string) {
      await appOf(organisationId, appId);
      const [key] = await db
        .select()
        .from(appKeys)
        .where(and(eq(appKeys.appId, appId), eq(appKeys.keyName, keyName)));
      if (!key) throw new AppError('not_found', APP_MESSAGES.keyNotFound);
      if (key.status === 'ENABLED') throw new AppError('conflict', APP_MESSAGES.disableKeyFirst);
      await db.delete(appKeys).where(eq(appKeys.id, key.id));
      await announceCredentialChange(db, appId);
      await audit.record({ actor, organisationId, action: 'key.deleted', details: { appId, keyName, keyStart: key.keyStart }, clientIp });
      return { keys: (await service.get(organisationId, appId)).keys };
    },

    /** The app's products become exactly these, all of them subscribed by the organisation. */
    async setProducts(organisationId: string, appId: string, productIds: readonly string[], actor: string, clientIp: string) {
      await appOf(organisationId, appId);
      const wanted = [...new Set(productIds)];
      const subscribed = new Set(await products.subscribedArns(organisationId));
      const stranger = wanted.find((arn) => !subscribed.has(arn));
      if (stranger) throw new AppError('bad_request', `Only subscribed products can be added to an app: ${stranger}`);
      const before = (await service.get(organisationId, appId)).service_access.map((product) => product._id);
      await db.transaction(async (tx) => {
        // Products the portal never shows on an app (seed: okyc, merchantreports) stay linked.
        const linked = await tx.select().from(appProducts).where(eq(appProducts.appId, appId));
        const hidden = linked.map((link) => productByArn(link.productArn)).filter((product) => product && isHiddenFromApp(product));
        const keep = hidden.map((product) => product!.arn).filter((arn) => !wanted.includes(arn));
        await tx.delete(appProducts).where(and(eq(appProducts.appId, appId), notInArray(appProducts.productArn, keep.length ? keep : [''])));
        if (wanted.length > 0)
          await tx
            .insert(appProducts)
            .values(wanted.map((productArn) => ({ appId, productArn })))
            .onConflictDoNothing();
      });
      await announceCredentialChange(db, appId);
      await audit.record({ actor, organisationId, action: 'app.products_changed', details: { appId, before, after: wanted }, clientIp });
      return { service_access: (await service.get(organisationId, appId)).service_access };
    },

    async whitelist(organisationId: string, appId: string) {
      return { ip_whitelisted: (await appOf(organisationId, appId)).ipWhitelist };
    },

    async setWhitelist(organisationId: string, appId: string, ips: readonly string[], actor: string, clientIp: string) {
      const app = await appOf(organisationId, appId);
      await db
        .update(apps)
        .set({ ipWhitelist: [...ips] })
        .where(eq(apps.id, appId));
      await announceCredentialChange(db, appId);
      await audit.record({ actor, organisationId, action: 'app.whitelist_changed', details: { appId, before: app.ipWhitelist, after: ips }, clientIp });
      return { ip_whitelisted: [...ips] };
    },

    async remove(organisationId: string, appId: string, actor: string, clientIp: string) {
      const app = await appOf(organisationId, appId);
      if (app.isTestApp) throw new AppError('conflict', APP_MESSAGES.testAppForever);
      const enabled = await db
        .select({ id: appKeys.id })
        .from(appKeys)
        .where(and(eq(appKeys.appId, appId), eq(appKeys.status, 'ENABLED')));
      if (enabled.length > 0) throw new AppError('conflict', APP_MESSAGES.disableAllKeys);
      await db.delete(apps).where(eq(apps.id, appId));
      await announceCredentialChange(db, appId);
      await audit.record({ actor, organisationId, action: 'app.deleted', details: { appId, name: app.name }, clientIp });
      return { message: 'App deleted' };
    },
  };
  return service;
}

export type AppService = ReturnType<typeof createAppService>;
