import path from 'node:path';
import { z } from 'zod';
import { BATCH_MAX_FILE_BYTES } from '@verigate/contracts';
import { repoRoot } from './paths.js';

const commaList = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable Verigate reads; the README's configuration table mirrors this list. */
const environment = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_DIR: z.string().default(path.join(repoRoot, 'data', 'postgres')),
  SMTP_URL: z.string().optional(),
  DEV_MAILBOX: z.stringbool().default(false),
  MAIL_FROM: z.string().default('Verigate <no-reply@verigate.local>'),
  SESSION_IDLE_MS: positiveInt(1_800_000),
  LINK_EXPIRY_MS: positiveInt(1_800_000),
  RESEND_WINDOW_MS: positiveInt(86_400_000),
  CAPTCHA_ALLOWLIST: commaList,
  CAPTCHA_COST: positiveInt(2000),
  RATE_LIMIT_WINDOW_MS: positiveInt(900_000),
  RATE_LIMIT_PER_IP: positiveInt(200),
  RATE_LIMIT_PER_EMAIL: positiveInt(10),
  OTP_SENDS_PER_USER: positiveInt(10),
  OTP_SENDS_PER_ORGANISATION: positiveInt(20),
  INVITATIONS_PER_DAY: positiveInt(50),
  TRUSTED_PROXIES: commaList,
  BODY_LIMIT_BYTES: positiveInt(64 * 1024),
  REQUEST_TIMEOUT_MS: positiveInt(60_000),
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  MAX_CONNECTIONS_PER_CLIENT: positiveInt(128),
  UPSTREAM_URLS: z
    .string()
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return z.record(z.string(), z.url()).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'UPSTREAM_URLS must be a JSON object of product arn → URL' });
        return z.NEVER;
      }
    }),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  /** Signs the upstreams' completion callbacks (POST /upstream-callbacks/:arn); unset: the route answers 404. */
  UPSTREAM_CALLBACK_SECRET: z.preprocess(
    (raw) => (raw === '' ? undefined : raw),
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'UPSTREAM_CALLBACK_SECRET must be whsec_ followed by at least 24 random bytes in base64')
      .optional(),
  ),
  /** Calls per second of every app whose organisation has no operator's limit, instead of its plan's (tests, benchmarks); empty: the plan's. */
  APP_RATE_LIMIT: z.preprocess((raw) => (raw === '' ? undefined : raw), z.coerce.number().int().positive().optional()),
  RESERVATION_HOLD_MS: z.coerce.number().int().positive().optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'cashfree']).optional(),
  PAYMENT_LINK_EXPIRY_MS: positiveInt(900_000),
  CASHFREE_BASE_URL: z.url().default('https://sandbox.cashfree.com/pg'),
  CASHFREE_CLIENT_ID: z.string().optional(),
  CASHFREE_CLIENT_SECRET: z.string().optional(),
  CASHFREE_API_VERSION: z.string().default('2023-08-01'),
  VIRTUAL_ACCOUNT_BANK_NAME: z.string().default('ICICI Bank'),
  VIRTUAL_ACCOUNT_IFSC: z
    .string()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'VIRTUAL_ACCOUNT_IFSC must be an IFSC')
    .default('ICIC0000104'),
  VIRTUAL_ACCOUNT_PREFIX: z
    .string()
    .regex(/^\d{2,6}$/, 'VIRTUAL_ACCOUNT_PREFIX must be 2 to 6 digits')
    .default('7770'),
  // The supplier on GST invoices and receipts (rule 46 of the CGST Rules): development defaults, set for production.
  PROVIDER_NAME: z.string().min(1).default('Verigate Technologies Private Limited'),
  PROVIDER_ADDRESS: z.string().min(1).default('4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034'),
  PROVIDER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'PROVIDER_GSTIN must be a GSTIN')
    .default('29AAHCV1234K1Z5'),
  PROVIDER_STATE_CODE: z
    .string()
    .regex(/^\d{2}$/, 'PROVIDER_STATE_CODE must be the two-digit GST state code')
    .default('29'),
  /** Services accounting code of the services invoiced: 998314, IT design and development services. */
  SAC_CODE: z
    .string()
    .regex(/^99\d{4}$/, 'SAC_CODE must be a six-digit services accounting code')
    .default('998314'),
  GST_RATE_PERCENT: z.coerce.number().int().min(0).max(28).default(18),
  OPERATIONS_EMAIL: z.email().default('operations@verigate.local'),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'web', 'dist')),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  BATCH_MAX_FILE_BYTES: positiveInt(BATCH_MAX_FILE_BYTES),
  // Rows in flight share the gateway's group commits: a batch's rows go in groups of up to this many.
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(256),
  BATCH_SLICE_MS: positiveInt(300_000),
  WORK_EMAIL_REQUEST_URL: z.string().default('https://verigate.example/contact-sales'),
  SUPPORT_URL: z.string().default('https://support.verigate.example'),
  SALES_URL: z.string().default('https://verigate.example/contact-sales'),
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SHUTDOWN_GRACE_MS: positiveInt(25_000),
  READINESS_TIMEOUT_MS: positiveInt(1000),
  PROVIDER_SITE_URL: z.string().default('https://verigate.example'),
  TERMS_URL: z.string().default('https://verigate.example/terms'),
  PRIVACY_URL: z.string().default('https://verigate.example/privacy'),
  /** Lets webhook endpoints use http:// and private addresses: local receivers in development and tests, never production. */
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  /** Beyond the timeout, how long a delivery stays held by the attempt that claimed it (an instance that died mid-attempt frees it then). */
  WEBHOOK_LEASE_MARGIN_MS: positiveInt(60_000),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  const holdMs = values.RESERVATION_HOLD_MS ?? values.UPSTREAM_TIMEOUT_MS + 60_000;
  if (holdMs <= values.UPSTREAM_TIMEOUT_MS) throw new Error('Invalid configuration: RESERVATION_HOLD_MS must be longer than UPSTREAM_TIMEOUT_MS');
  if (values.PAYMENT_GATEWAY === 'cashfree' && (!values.CASHFREE_CLIENT_ID || !values.CASHFREE_CLIENT_SECRET)) {
    throw new Error('Invalid configuration: PAYMENT_GATEWAY=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET');
  }
  if (values.WEBHOOK_ALLOW_PRIVATE && values.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration: WEBHOOK_ALLOW_PRIVATE=true is refused with NODE_ENV=production, as it would let webhook endpoints reach loopback, private and cloud metadata addresses',
    );
  }
  if (!values.PROVIDER_GSTIN.startsWith(values.PROVIDER_STATE_CODE)) {
    throw new Error('Invalid configuration: PROVIDER_GSTIN must begin with PROVIDER_STATE_CODE');
  }
  // The sandbox's checkout credits wallets without money: a deployment that delivers real mail
  // must choose its gateway, so it never gets the sandbox by accident.
  if (!values.PAYMENT_GATEWAY && values.SMTP_URL) {
    throw new Error('Invalid configuration: with SMTP_URL set, set PAYMENT_GATEWAY (cashfree, or sandbox on purpose)');
  }
  return {
    ...values,
    RESERVATION_HOLD_MS: holdMs,
    // Behind a load balancer (production) the instance keeps serving until its health check has
    // seen readiness fail; a developer's Ctrl-C stops at once.
    SHUTDOWN_DELAY_MS: values.SHUTDOWN_DELAY_MS ?? (values.NODE_ENV === 'production' ? 5000 : 0),
    PAYMENT_GATEWAY: values.PAYMENT_GATEWAY ?? 'sandbox',
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    CAPTCHA_ALLOWLIST: values.CAPTCHA_ALLOWLIST.map((email) => email.toLowerCase()),
  };
}
