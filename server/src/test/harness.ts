import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { sql } from 'drizzle-orm';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { listOutbox } from '../platform/mail.js';
import { createTestClock, type TestClock } from './test-clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const PORTAL = 'http://portal.test';
export const STRONG_PASSWORD = 'Str0ng!Pass';
/** The back office's token in tests that start the server with ADMIN_TOKEN. */
export const TEST_ADMIN_TOKEN = 'operator-tests-admin-token-0123456789';
/** Internal test addresses that skip the captcha, as CAPTCHA_ALLOWLIST allows in production too. */
export const ALLOWLISTED = ['qa@verigate-test.io', 'qa2@verigate-test.io', 'qa3@verigate-test.io', 'qa4@verigate-test.io', 'qa5@verigate-test.io'];

interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  request<T = any>(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string; remoteAddress?: string },
  ): Promise<Reply<T>>;
  encrypt(fields: Record<string, unknown>): Promise<string>;
  /** The mail to `email`, newest first, once the jobs due have run (some mail is sent by a job). */
  mailTo(email: string): Promise<Array<{ subject: string; text: string; html: string }>>;
  /** The link of the newest message to `email`. */
  latestLink(email: string): Promise<string>;
  /** Follows an emailed link and returns where it redirects. */
  follow(link: string): Promise<URL>;
  /** Signs up, follows the emailed link and sets STRONG_PASSWORD; returns the user id. */
  registerUser(email: string, names?: { first_name: string; last_name: string }): Promise<string>;
  login(email: string, password?: string, headers?: Record<string, string>, remoteAddress?: string): Promise<Reply<any>>;
  /** Registers and signs in a user of the allow-list; returns their token and id. */
  signedInUser(email: string): Promise<{ token: string; userId: string }>;
  /** Creates an organisation for the signed-in user; returns its id. */
  createOrganisation(token: string, overrides?: Record<string, unknown>): Promise<string>;
  /** Takes this server's database away (new connections refused, open ones ended) and gives it back, as an outage would. */
  database: { refuseConnections(): Promise<void>; allowConnections(): Promise<void> };
  /** Fetches a challenge and solves it as the browser widget would; returns the captchaToken. */
  solveCaptcha(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The app on a fresh database of its own, or on `database` (kept when the server closes: a test
 * that runs a real server process on it afterwards owns it). `logStream` receives its log lines
 * (LOG_LEVEL is 'silent' unless `env` says otherwise). Its test clock starts now, or at `clockAt`:
 * a second instance starts at the first one's time, or it would run ahead by the seconds the
 * first took to build (on a busy machine, enough to end a key's overlap early there).
 */
export async function createTestServer(
  env: Record<string, string> = {},
  { database: given, logStream, clockAt }: { database?: DatabaseHandle | TestDatabase; logStream?: Writable; clockAt?: Date } = {},
): Promise<TestServer> {
  const database = given ?? (await createTestDatabase());
  const reachable = async (value: boolean) => {
    if (!('setReachable' in database)) throw new Error('this test server was given a database it cannot take away');
    await (database as TestDatabase).setReachable(value);
  };
  const clock = createTestClock(clockAt);
  const config = loadConfig({
    PUBLIC_URL: PORTAL,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    CAPTCHA_ALLOWLIST: ALLOWLISTED.join(','),
    CAPTCHA_COST: '20',
    // Tests drive one app hard on a frozen clock (one window): the rate-limit tests set their own.
    APP_RATE_LIMIT: '1000000',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, clock, ...(logStream ? { logStream } : {}) });
  await app.ready();
  let publicKey: ReturnType<typeof createPublicKey> | undefined;

  const server: TestServer = {
    app,
    db: database.db,
    clock,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      } else if (payload !== undefined) headers['content-type'] ??= 'application/json';
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      let body: unknown = response.body;
      try {
        body = JSON.parse(response.body);
      } catch {
        // not JSON (a redirect or HTML page): keep the text
      }
      return { status: response.statusCode, body: body as any, headers: response.headers };
    },
    async encrypt(fields) {
      if (!publicKey) {
        const reply = await server.request<{ data: { jwk: any } }>('GET', '/api/crypto/public-key');
        publicKey = createPublicKey({ key: reply.body.data.jwk, format: 'jwk' });
      }
      return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify(fields))).toString(
        'base64',
      );
    },
    async mailTo(email) {
      await jobsDue(database.db);
      return (await listOutbox(database.db)).filter((message) => message.to === email);
    },
    async latestLink(email) {
      const [message] = await server.mailTo(email);
      const link = message?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no link mailed to ${email}`);
      return link;
    },
    async follow(link) {
      const url = new URL(link);
      const reply = await server.request('GET', url.pathname);
      if (reply.status !== 302) throw new Error(`link answered ${reply.status}`);
      return new URL(String(reply.headers.location));
    },
    async registerUser(email, names = { first_name: 'Asha', last_name: 'Rao' }) {
      const signUp = await server.request('POST', '/api/user', { body: signUpBody(email, names, config.PUBLIC_URL) });
      if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
      const target = await server.follow(await server.latestLink(email));
      const userId = target.searchParams.get('data')!;
      const encryptedData = await server.encrypt({ token: target.searchParams.get('token'), password: STRONG_PASSWORD });
      const set = await server.request('POST', `/api/user/password/${userId}`, { body: { encryptedData } });
      if (set.status !== 200) throw new Error(`password failed: ${JSON.stringify(set.body)}`);
      return userId;
    },
    async login(email, password = STRONG_PASSWORD, headers = {}, remoteAddress) {
      return server.request('POST', '/api/user/login', {
        body: { encryptedData: await server.encrypt({ email, password }) },
        headers,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    async signedInUser(email) {
      const userId = await server.registerUser(email);
      const login = await server.login(email);
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return { token: login.body.data.token as string, userId };
    },
    async createOrganisation(token, overrides = {}) {
      const body = await organisationBody(server, overrides);
      const reply = await server.request('POST', '/api/organisation', { token, body });
      if (reply.status !== 200) throw new Error(`organisation failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data._id as string;
    },
    database: {
      refuseConnections: () => reachable(false),
      allowConnections: () => reachable(true),
    },
    async solveCaptcha() {
      const challenge = (await server.request('GET', '/api/captcha/challenge')).body;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    },
    async close() {
      await app.close();
      if (!given) await database.close();
    },
  };
  return server;
}

/** Waits until no job that is due is waiting or running. */
async function jobsDue(db: Database): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pending = await db.execute(sql`select 1 from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() limit 1`);
    if (pending.rows.length === 0) return;
    if (Date.now() > deadline) throw new Error('jobs still pending after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A sign-up form; its redirects stay on `portal` (the server's PUBLIC_URL). */
export function signUpBody(email: string, names = { first_name: 'Asha', last_name: 'Rao' }, portal = PORTAL) {
  return {
    name: names,
    email,
    success_redirect: `${portal}/create-password`,
    failure_redirect: `${portal}/email-verification-failed`,
    is_consent_provided: true,
  };
}

export function linkBody(email: string, failure = '/email-verification-failed') {
  return { email, success_redirect: `${PORTAL}/create-password`, failure_redirect: `${PORTAL}${failure}` };
}

export const contactOf = (name: string, email: string) => ({ name, email, designation: 'Chief Technology Officer', phone: '9876543210' });

/** A valid organisation form, India and the first seeded category, with fields overridable. */
export async function organisationBody(server: TestServer, overrides: Record<string, unknown> = {}) {
  const categories = (await server.request('GET', '/api/organisation/categories')).body.data as Array<{ _id: string; sub_category: string }>;
  return {
    name: 'Acme Finance',
    trade_name: 'Acme Finance',
    category: categories[0]!.sub_category,
    category_id: categories[0]!._id,
    country_code: 'IND',
    business_poc: contactOf('Meera Iyer', 'meera@acme-finance.in'),
    technical_poc: contactOf('Ravi Kumar', 'ravi@acme-finance.in'),
    ...overrides,
  };
}
