import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_DIR: z.string().default(path.join(repoRoot, 'data', 'postgres')),
  EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(54329),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Verigate <no-reply@verigate.local>'),
  SESSION_IDLE_MS: positiveInt(1_800_000),
  LINK_EXPIRY_MS: positiveInt(1_800_000),
  RESEND_WINDOW_MS: positiveInt(86_400_000),
  CAPTCHA_ALLOWLIST: commaList,
  CAPTCHA_COST: positiveInt(2000),
  RATE_LIMIT_WINDOW_MS: positiveInt(900_000),
  RATE_LIMIT_PER_IP: positiveInt(200),
  RATE_LIMIT_PER_EMAIL: positiveInt(10),
  TRUSTED_PROXIES: commaList,
  BODY_LIMIT_BYTES: positiveInt(64 * 1024),
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
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'web', 'dist')),
  WORK_EMAIL_REQUEST_URL: z.string().default('https://verigate.example/contact-sales'),
  SUPPORT_URL: z.string().default('https://support.verigate.example'),
  SALES_URL: z.string().default('https://verigate.example/contact-sales'),
  PROVIDER_SITE_URL: z.string().default('https://verigate.example'),
  TERMS_URL: z.string().default('https://verigate.example/terms'),
  PRIVACY_URL: z.string().default('https://verigate.example/privacy'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  return {
    ...values,
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    CAPTCHA_ALLOWLIST: values.CAPTCHA_ALLOWLIST.map((email) => email.toLowerCase()),
  };
}
