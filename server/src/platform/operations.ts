import { randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { migrationsFolder, type Database } from '../db/client.js';
import { poolOf } from '../db/pool.js';
import { addressMatcher } from './ip-addresses.js';
import type { Jobs } from './jobs.js';
import type { Telemetry } from './telemetry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's drain: main.ts begins it on SIGTERM. */
    drain: Drain;
  }
  interface FastifyRequest {
    /** The organisation the request acts for, once an access check or the gateway knows it: for the request's log line. */
    organisationId: string | null;
  }
}

/** Paths the portal never owns: an unknown path under them is a JSON 404, never the portal's page. */
export const RESERVED_PATHS = /^\/(api|dev|test|live|health|healthz|ready|readyz|metrics)(\/|$|\?)/;

/** A provider-API call's id is its envelope's `request_id`, made by the server: it keys the call's record and charge. */
const PROVIDER_API = /^\/(test|live)\/api(\/|$|\?)/;
/** What a proxy's id may hold: enough for a UUID or a trace id, nothing that could forge a log line. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's request-id options: `x-request-id` is taken only from a TRUSTED_PROXIES address (and
 * never for the provider API), otherwise a UUID is made. Log lines name it `requestId`; Fastify's
 * own two lines per request are off.
 */
export function requestIdOptions(config: Pick<Config, 'TRUSTED_PROXIES'>) {
  const isTrustedProxy = addressMatcher(config.TRUSTED_PROXIES);
  return {
    requestIdHeader: false as const,
    // installOperations logs one line per request, with its route pattern and organisation.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId(request: IncomingMessage) {
      const given = request.headers['x-request-id'];
      const usable =
        typeof given === 'string' && FORWARDED_ID.test(given) && !PROVIDER_API.test(request.url ?? '') && isTrustedProxy(request.socket.remoteAddress ?? '');
      return usable ? given : randomUUID();
    },
  };
}

/** Set at SIGTERM: readiness fails at once and every answer closes its connection. */
export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

interface Options {
  config: Config;
  db: Database;
  jobs: Jobs;
  telemetry: Telemetry;
}

const JSON_404 = (request: FastifyRequest) => ({
  err: { status: 404, code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` },
});

/** The newest migration the code ships (drizzle stores each applied one's folder time as created_at). */
function expectedMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * What runs the server as a service (README, "Deployment"): one log line and one metric per
 * request, the request id on every answer, /healthz, /readyz and /metrics, and the drain state.
 */
export function installOperations(app: FastifyInstance, { config, db, jobs, telemetry }: Options): Drain {
  let draining = false;
  const pool = poolOf(db);
  telemetry.watchPool(pool);
  telemetry.watchDatabase(async () => {
    const [queues, holds] = await Promise.all([
      db.execute<{ queue: string; state: string; count: number }>(
        sql`select name as queue, state::text as state, count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by 1, 2`,
      ),
      db.execute<{ count: number; paise: number }>(
        sql`select count(*)::int as count, coalesce(sum(amount_paise), 0)::float8 as paise from wallet_reservations`,
      ),
    ]);
    return { jobs: queues.rows, holds: holds.rows[0] ?? { count: 0, paise: 0 } };
  });

  app.decorateRequest('organisationId', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    telemetry.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        organisationId: request.organisationId ?? undefined,
      },
      'request',
    );
  });

  const latestMigration = expectedMigration();
  async function readiness() {
    const database = await withDeadline(
      pool.query<{ latest: string | null }>('select max(created_at)::text as latest from drizzle.__drizzle_migrations').then(
        (result) => result.rows[0]?.latest ?? null,
        () => 'unreachable' as const,
      ),
      config.READINESS_TIMEOUT_MS,
    );
    const checks = {
      shutdown: draining ? 'draining' : 'ok',
      database: database === 'timeout' || database === 'unreachable' ? database : 'ok',
      migrations: database === 'timeout' || database === 'unreachable' ? 'unknown' : Number(database) >= latestMigration ? 'ok' : 'behind',
      jobs: jobs.running() ? 'ok' : 'stopped',
    };
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
  }

  /** A health or metrics path takes no query string: any parameter is a 404, like an unknown path. */
  const noParameters = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.includes('?')) return reply.status(404).send(JSON_404(request));
  };
  const onlyGet = (url: string) =>
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'GET, HEAD')
          .send({ err: { status: 405, code: 'method_not_allowed', message: 'Only GET is allowed here' } }),
    });

  app.get('/healthz', { onRequest: noParameters }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  onlyGet('/healthz');
  app.get('/readyz', { onRequest: noParameters }, async (_request, reply) => {
    const { ready, checks } = await readiness();
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  onlyGet('/readyz');

  const token = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  const authorised = (header: string | undefined) => {
    if (!token) return true;
    const given = Buffer.from(header ?? '');
    return given.length === token.length && timingSafeEqual(given, token);
  };
  if (token) {
    app.get('/metrics', { onRequest: noParameters }, async (request, reply) => {
      if (!authorised(request.headers.authorization)) {
        telemetry.metricsRefused();
        request.log.warn({ route: '/metrics' }, 'metrics scrape refused: missing or wrong token');
        return reply.status(401).send({ err: { status: 401, code: 'unauthorized', message: 'A valid metrics token is required' } });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(telemetry.registry.contentType)
        .send(await telemetry.registry.metrics());
    });
    onlyGet('/metrics');
  }

  if (config.METRICS_PORT) {
    const metricsServer = serveMetricsPort(telemetry, authorised, () =>
      app.log.warn({ port: config.METRICS_PORT }, 'metrics scrape refused: missing or wrong token'),
    );
    app.addHook(
      'onListen',
      () => new Promise<void>((resolve, reject) => metricsServer.once('error', reject).listen(config.METRICS_PORT, config.HOST, resolve)),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => (metricsServer.listening ? metricsServer.close(() => resolve()) : resolve())));
  }

  const drain: Drain = {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
  app.decorate('drain', drain);
  return drain;
}

/** /metrics alone on METRICS_PORT, for a scraper on a private network; METRICS_TOKEN still applies when set. */
function serveMetricsPort(telemetry: Telemetry, authorised: (header: string | undefined) => boolean, onRefused: () => void): Server {
  return createServer((request, response) => {
    const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(body);
    if (request.url !== '/metrics') return answer(404, JSON.stringify({ err: { status: 404, code: 'not_found', message: 'Not found' } }));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, JSON.stringify({ err: { status: 405, code: 'method_not_allowed', message: 'Only GET is allowed here' } }), { allow: 'GET, HEAD' });
    }
    if (!authorised(request.headers.authorization)) {
      telemetry.metricsRefused();
      onRefused();
      return answer(401, JSON.stringify({ err: { status: 401, code: 'unauthorized', message: 'A valid metrics token is required' } }));
    }
    telemetry.registry.metrics().then(
      (text) => answer(200, text, { 'content-type': telemetry.registry.contentType }),
      () => answer(500, JSON.stringify({ err: { status: 500, code: 'internal', message: 'Metrics could not be collected' } })),
    );
  });
}
