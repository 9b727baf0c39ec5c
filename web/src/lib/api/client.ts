import { DEFAULT_ERROR_MESSAGE, STORAGE_KEYS, type DataEnvelope, type ErrEnvelope, type ErrorBody } from '@verigate/contracts';
import { endSession, storage } from './storage';

/** A 503 or 504 answer: seed §8 hands it back to the caller instead of throwing. */
export type Unavailable = ErrorBody & { status: 503 | 504 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no bearer token, so a stale session cannot turn a failed public call into a sign-out. */
  anonymous?: boolean;
}

/**
 * A refused call. `message` is what a person reads (seed §8: err.message, else 'Something went
 * wrong!'); `status` and `code` come from the envelope when it has them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isUnavailable(value: unknown): value is Unavailable {
  if (typeof value !== 'object' || value === null || !('status' in value) || !('code' in value)) return false;
  return value.status === 503 || value.status === 504;
}

/** The data of an answer, or an ApiError for a 503/504 one: for callers (queries) that cannot show a partial answer. */
export function orThrow<T>(result: T | Unavailable): T {
  if (isUnavailable(result)) throw new ApiError(result.message || DEFAULT_ERROR_MESSAGE, result.status, result.code);
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
  const message = (typeof err === 'string' ? err : err?.message) || DEFAULT_ERROR_MESSAGE;
  const code = typeof err === 'object' ? err.code : undefined;

  if ((typeof err === 'string' && err.includes('deactivated')) || response.status === 403) {
    endSession();
    throw new ApiError(message, response.status, code);
  }
  if (typeof err === 'object' && (err.status === 503 || err.status === 504)) return err as Unavailable;
  if (token && response.status === 401 && code === 'unauthorized') {
    endSession();
    throw new ApiError(message, response.status, code);
  }
  throw new ApiError(message, response.status, code);
}

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
