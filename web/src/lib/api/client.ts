import { DEFAULT_ERROR_MESSAGE, STORAGE_KEYS, type DataEnvelope, type ErrEnvelope, type ErrorBody } from '@verigate/contracts';
import { endSession, storage } from '@/lib/storage';

/** A 503 or 504 answer: seed §8 hands it back to the caller instead of throwing. */
export type Unavailable = ErrorBody & { status: 503 | 504 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no bearer token, so a stale session cannot turn a failed public call into a sign-out. */
  anonymous?: boolean;
}

export type ErrorDetail = NonNullable<ErrorBody['details']>[number];

/**
 * A refused call. `message` is what a person reads (seed §8: err.message, else 'Something went
 * wrong!'); `status`, `code` and `details` come from the envelope when it has them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: readonly ErrorDetail[];

  constructor(message: string, status: number, code?: string, details: readonly ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The message of the detail at `path` ('attempts_left' → '2'), if the server sent one. */
  detail(path: string): string | undefined {
    return this.details.find((detail) => detail.path === path)?.message;
  }
}

export function isUnavailable(value: unknown): value is Unavailable {
  if (typeof value !== 'object' || value === null || !('status' in value) || !('code' in value)) return false;
  return value.status === 503 || value.status === 504;
}

/** The data of an answer, or an ApiError for a 503/504 one: for callers (queries) that cannot show a partial answer. */
export function orThrow<T>(result: T | Unavailable): T {
  if (isUnavailable(result)) throw new ApiError(result.message || DEFAULT_ERROR_MESSAGE, result.status, result.code, result.details);
  return result;
}

async function readEnvelope<T>(response: Response): Promise<Partial<DataEnvelope<T> & ErrEnvelope> | null> {
  try {
    const json: unknown = await response.json();
    return typeof json === 'object' && json !== null ? json : null;
  } catch {
    return null;
  }
}

async function send<T>(
  method: Method,
  path: string,
  init: { headers: Record<string, string>; body?: BodyInit; anonymous?: boolean },
): Promise<T | Unavailable> {
  const token = init.anonymous ? null : storage.get(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: init.body });
  } catch {
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }

  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope && 'data' in envelope) return envelope.data as T;

  const err = envelope?.err;
  const error = refusal(err, response.status);
  if ((typeof err === 'string' && err.includes('deactivated')) || response.status === 403) {
    endSession();
    throw error;
  }
  if (typeof err === 'object' && err !== null && (err.status === 503 || err.status === 504)) return err as Unavailable;
  // A bearer token the server no longer accepts ends the session too.
  if (token && response.status === 401 && error.code === 'unauthorized') endSession();
  throw error;
}

/** The ApiError for a refused answer's err (a string, or {status, code, message, details}). */
function refusal(err: ErrEnvelope['err'] | undefined, httpStatus: number): ApiError {
  if (typeof err === 'string') return new ApiError(err || DEFAULT_ERROR_MESSAGE, httpStatus);
  const details = Array.isArray(err?.details) ? err.details.filter(isDetail) : [];
  return new ApiError(err?.message || DEFAULT_ERROR_MESSAGE, httpStatus, err?.code, details);
}

const isDetail = (value: unknown): value is ErrorDetail =>
  typeof value === 'object' && value !== null && 'path' in value && 'message' in value && typeof value.path === 'string' && typeof value.message === 'string';

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T | Unavailable> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return send<T>(method, path, {
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    anonymous: options.anonymous,
  });
}

/**
 * A multipart/form-data call with the same envelope and error rules as apiRequest. No Content-Type
 * header is set, so the browser writes the multipart boundary itself.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: { method?: 'POST' | 'PUT'; headers?: Record<string, string> } = {},
): Promise<T | Unavailable> {
  return send<T>(options.method ?? 'POST', path, { headers: { ...options.headers }, body: form });
}
