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

export function isUnavailable(value: unknown): value is Unavailable {
  if (typeof value !== 'object' || value === null || !('status' in value) || !('code' in value)) return false;
  return value.status === 503 || value.status === 504;
}

async function readEnvelope<T>(response: Response): Promise<Partial<DataEnvelope<T> & ErrEnvelope> | null> {
  try {
    const json: unknown = await response.json();
    return typeof json === 'object' && json !== null ? json : null;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T | Unavailable> {
  const token = options.anonymous ? null : storage.get(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new Error(DEFAULT_ERROR_MESSAGE);
  }

  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope && 'data' in envelope) return envelope.data as T;

  const err = envelope?.err;
  const message = (typeof err === 'string' ? err : err?.message) || DEFAULT_ERROR_MESSAGE;

  if ((typeof err === 'string' && err.includes('deactivated')) || response.status === 403) {
    endSession();
    throw new Error(message);
  }
  if (typeof err === 'object' && (err.status === 503 || err.status === 504)) return err as Unavailable;
  if (token && response.status === 401 && typeof err === 'object' && err.code === 'unauthorized') {
    endSession();
    throw new Error(message);
  }
  throw new Error(message);
}
