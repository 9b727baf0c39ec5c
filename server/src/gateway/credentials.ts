import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { appKeys, appProducts, apps, organisations } from '../db/schema.js';
import { CREDENTIALS_CHANNEL } from '../platform/change-feed.js';
import type { Clock } from '../platform/clock.js';
import { whitelistMatcher } from './ip-whitelist.js';
import { poolOf } from '../db/pool.js';

/** What the gateway needs to authenticate and authorise a call to one app. */
export interface AppCredentials {
  appId: string;
  /** null when the app's organisation no longer exists ('org not found'). */
  organisationId: string | null;
  environment: 'test' | 'live';
  /** SHA-256 of each key → its status. */
  keys: ReadonlyMap<string, string>;
  /** SHA-256 of each key → its name and the prefix the portal shows (what API Logs keeps of the key). */
  keyNames: ReadonlyMap<string, { name: string; prefix: string }>;
  /** SHA-256 of each key → its id and when it stops working (epoch ms; null: never), compared with the clock at each call. */
  keyLifetimes: ReadonlyMap<string, { id: string; expiresAt: number | null }>;
  products: ReadonlySet<string>;
  whitelisted: (ip: string) => boolean;
}

export interface CredentialCache {
  /** The app's credentials, from memory when fresh; null for an unknown app. */
  get(appId: string): Promise<AppCredentials | null>;
  /** Drops one app's entry, or every entry when no id is given. */
  invalidate(appId?: string): void;
  /** Resolves once every change announced before the call has reached this cache. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  clock: Clock;
  /** How long an entry is trusted without a notification; a safety net for lost ones. */
  ttlMs?: number;
  log?: FastifyBaseLogger;
  /** Wait before listening again after the listening connection failed. */
  reconnectMs?: number;
  /** Told of every lookup answered from memory or not, and of every entry a change notice dropped. */
  metrics?: { hit(): void; miss(): void; invalidated(): void };
  /** Run on the listening connection each time it is (re)made: a session lock the instance holds while it lives, say. */
  onConnected?: (connection: pg.PoolClient) => Promise<unknown>;
}

const DEFAULT_TTL_MS = 60_000;
const caches = new WeakMap<Database, CredentialCache>();

/** The gateway cache of the app built on `db`, for tests and the bench that need `sync()`. */
export const credentialCacheFor = (db: Database): CredentialCache | undefined => caches.get(db);

async function load(db: Database, appId: string): Promise<AppCredentials | null> {
  const [app] = await db
    .select({ id: apps.id, organisationId: organisations.id, isTestApp: apps.isTestApp, ipWhitelist: apps.ipWhitelist })
    .from(apps)
    .leftJoin(organisations, eq(organisations.id, apps.organisationId))
    .where(eq(apps.id, appId));
  if (!app) return null;
  const [keys, linked] = await Promise.all([
    db
      .select({ id: appKeys.id, hash: appKeys.keyHash, status: appKeys.status, name: appKeys.keyName, prefix: appKeys.keyStart, expiresAt: appKeys.expiresAt })
      .from(appKeys)
      .where(eq(appKeys.appId, appId)),
    db.select({ arn: appProducts.productArn }).from(appProducts).where(eq(appProducts.appId, appId)),
  ]);
  return {
    appId: app.id,
    organisationId: app.organisationId,
    environment: app.isTestApp ? 'test' : 'live',
    keys: new Map(keys.map((key) => [key.hash, key.status])),
    keyNames: new Map(keys.map((key) => [key.hash, { name: key.name, prefix: key.prefix }])),
    keyLifetimes: new Map(keys.map((key) => [key.hash, { id: key.id, expiresAt: key.expiresAt?.getTime() ?? null }])),
    products: new Set(linked.map((link) => link.arn)),
    whitelisted: whitelistMatcher(app.ipWhitelist),
  };
}

/**
 * The id of the key with this hash when it may be used at `now`: enabled and not past its expiry.
 * The expiry travels in the cached entry, so every instance refuses an expired or rolled-off key
 * at that instant, with no invalidation needed.
 */
export function usableKeyId(app: AppCredentials, hash: string, now: Date): string | null {
  if (app.keys.get(hash) !== 'ENABLED') return null;
  const lifetime = app.keyLifetimes.get(hash);
  if (!lifetime || (lifetime.expiresAt !== null && lifetime.expiresAt <= now.getTime())) return null;
  return lifetime.id;
}

/**
 * An in-process cache of app credentials (app, organisation, key hashes and statuses, products,
 * IP whitelist), so an authenticated call needs no database read. Entries live `ttlMs` at most,
 * and every instance drops an app's entry as soon as a change is announced on
 * CREDENTIALS_CHANNEL (payload: the app id; '*' or empty: everything), through a dedicated
 * LISTEN connection taken from the drizzle pool. While that connection is down nothing is cached.
 * The connection is the instance's one standing session: `onConnected` may hold session state on
 * it, which ends when the connection fails or the cache closes.
 */
export async function createCredentialCache(
  db: Database,
  { clock, ttlMs = DEFAULT_TTL_MS, log, reconnectMs = 1000, metrics, onConnected }: Options,
): Promise<CredentialCache> {
  const pool = poolOf(db);

  const entries = new Map<string, { value: AppCredentials | null; expiresAt: number }>();
  const loading = new Map<string, Promise<AppCredentials | null>>();
  /** Bumped by every invalidation: a load that overlapped one is not kept. */
  let epoch = 0;
  let listener: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const invalidate = (appId?: string) => {
    epoch += 1;
    if (appId) {
      entries.delete(appId);
      loading.delete(appId);
    } else {
      entries.clear();
      loading.clear();
    }
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CREDENTIALS_CHANNEL) return;
    const appId = message.payload;
    metrics?.invalidated();
    invalidate(appId && appId !== '*' ? appId : undefined);
  };
  /** Closes the connection, without the feed's handlers: its session (LISTEN, what onConnected took) ends with it. */
  const closeConnection = (client: pg.PoolClient, error?: Error) => {
    client.off('notification', onNotification);
    client.off('error', onLost);
    client.release(error ?? true);
  };
  /** The listening connection failed (a connection still being set up fails its LISTEN instead, below). */
  function onLost(error: Error): void {
    const client = listener;
    if (!client) return;
    log?.warn({ err: error }, 'credential change feed lost; reconnecting');
    listener = null;
    invalidate();
    closeConnection(client, error);
    if (!closed) retry = setTimeout(() => void listen(), reconnectMs).unref();
  }

  async function listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      client.on('notification', onNotification);
      client.on('error', onLost);
      await onConnected?.(client);
      await client.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
      if (closed) {
        closeConnection(client);
        return;
      }
      listener = client;
      invalidate();
    } catch (error) {
      if (client) closeConnection(client);
      log?.warn({ err: error }, 'could not listen for credential changes; retrying');
      if (!closed) retry = setTimeout(() => void listen(), reconnectMs).unref();
    }
  }

  await listen();

  const cache: CredentialCache = {
    async get(appId) {
      const entry = listener ? entries.get(appId) : undefined;
      if (entry && entry.expiresAt > clock.now().getTime()) {
        metrics?.hit();
        return entry.value;
      }
      metrics?.miss();
      if (!listener) return load(db, appId);
      const pending = loading.get(appId);
      if (pending) return pending;
      const startedAt = epoch;
      const promise = load(db, appId).then(
        (value) => {
          if (loading.get(appId) === promise) loading.delete(appId);
          // Unknown apps are not remembered: a new app must work at once, before any announcement.
          if (value && startedAt === epoch && listener) entries.set(appId, { value, expiresAt: clock.now().getTime() + ttlMs });
          return value;
        },
        (error: unknown) => {
          if (loading.get(appId) === promise) loading.delete(appId);
          throw error;
        },
      );
      loading.set(appId, promise);
      return promise;
    },
    invalidate,
    async sync() {
      // A backend sends pending notifications before the answer to a later query.
      if (listener) await listener.query('select 1');
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      invalidate();
      caches.delete(db);
      if (client) closeConnection(client);
    },
  };
  caches.set(db, cache);
  return cache;
}
