import type { ErrorCode } from '@verigate/contracts';

const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  captcha_required: 400,
  deactivated: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** The one error type services throw; the error handler turns it into the `{err}` envelope. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.status = STATUS_OF[code];
  }
}

/** What a log may say about an error: no values, only where and what kind. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  /** Code locations only: the stack's `at …` lines, without the message it starts with. */
  stack: string;
  /** Names of the database objects involved (identifiers, never values). */
  table?: string;
  column?: string;
  constraint?: string;
}

const DATA_IN_QUOTES = /"[^"]*"|'[^']*'/g;

/**
 * An error as a log may hold it. Query errors carry the statement's values (drizzle's message
 * and `params`, PostgreSQL's `detail` with the failing row): an uploaded file, a token, a
 * person's details. So a log gets the error's class, its code, and a message with anything quoted
 * masked, taken from the innermost cause that has a code (PostgreSQL's own, which has no values
 * but the quoted ones) — never `params`, `detail`, `query` or bodies.
 */
export function describeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown non-Error value', stack: '' };
  let source: Error = error;
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) source = cause;
  const coded = (source as { code?: unknown }).code !== undefined ? source : error;
  const fields = coded as Error & { code?: unknown; table?: unknown; column?: unknown; constraint?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const stack = (error.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 8)
    .join('\n');
  const described: LoggedError = { type: error.constructor.name, message: coded.message.replace(DATA_IN_QUOTES, '"…"').slice(0, 300), stack };
  const code = fields.code === undefined ? undefined : String(fields.code);
  if (code) described.code = code;
  for (const key of ['table', 'column', 'constraint'] as const) {
    const value = text(fields[key]);
    if (value) described[key] = value;
  }
  return described;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server that is going away or not taking connections (admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, database gone). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|not queryable|not currently accepting connections/;

/**
 * Whether `error` (or one of its causes) says PostgreSQL cannot be reached right now, rather
 * than that a statement failed: the request may succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08') || LOST_CONNECTION.test(current.message)) return true;
  }
  return false;
}
