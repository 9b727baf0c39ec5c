import { DEFAULT_ERROR_MESSAGE, STORAGE_KEYS, type DataEnvelope, type ErrEnvelope, type ErrorBody } from '@verigate/contracts';
import { endSession, storage } from '@/lib/storage';

/** A 503 or 504 answer: seed §8 hands it back to the caller instead of throwing. */
export type Unavailable = ErrorBody & { status: 503 | 504 };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return asEnvelope<T>(await response.json());
  } catch {
    return null;
  }
}

type Envelope<T> = Partial<DataEnvelope<T> & ErrEnvelope>;

const asEnvelope = <T>(json: unknown): Envelope<T> | null => (typeof json === 'object' && json !== null ? json : null);

/**
 * The headers of a call that is not anonymous: the bearer token, and the organisation the call acts
 * for (the one chosen in the avatar menu, stored as organisation_id) unless the caller names one
 * itself. A member of several organisations acts for the chosen one; the server otherwise takes the first.
 */
function sessionHeaders(token: string | null, headers: Record<string, string> = {}): Record<string, string> {
  const organisationId = storage.get(STORAGE_KEYS.organisationId);
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'x-org-id');
  return {
    ...(organisationId && !named ? { 'x-org-id': organisationId } : {}),
    ...headers,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** The bearer token a call sends (none for an anonymous one) and its headers. */
function credentialsOf(anonymous: boolean | undefined, headers: Record<string, string>) {
  const token = anonymous ? null : storage.get(STORAGE_KEYS.token);
  const accept = { Accept: 'application/json', ...headers };
  return { token, headers: anonymous ? accept : sessionHeaders(token, accept) };
}

async function send<T>(
  method: Method,
  path: string,
  init: { headers: Record<string, string>; body?: BodyInit; anonymous?: boolean },
): Promise<T | Unavailable> {
  const { token, headers } = credentialsOf(init.anonymous, init.headers);

  let response: Response;
  try {
    const early = method === 'GET' && Object.keys(init.headers).length === 0 ? takeEarlyGet(path) : undefined;
    response = (early && (await early)) ?? (await fetch(`/api${path}`, { method, headers, body: init.body }));
  } catch {
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }

  return answer(response.ok, response.status, await readEnvelope<T>(response), token);
}

declare global {
  interface Window {
    /**
     * GET calls the page started before the app's code ran, by path, with when each started: the
     * answer, or undefined for one the page decided not to make after all.
     */
    verigateEarlyGets?: Map<string, { response: Promise<Response | undefined>; startedAt: number }>;
  }
}

/** How long the answer to a call the page started waits to be taken; a later call asks again. */
const EARLY_GET_KEPT_MS = 10_000;

/**
 * Starts GET `path` now, with the headers the app's own call would send, for the app's first call
 * for `path` to take (`send`). For a page's inline script (web/src/app/early-requests.ts): the
 * call leaves while the app's code downloads instead of once it has run. With `when`, the call
 * waits for it and is made only if it is true; the app's call for `path` waits as well, so that
 * the two are never both made (a `when` that fails counts as false). Resolves to the answer's data,
 * for the script to decide what else to ask for, or undefined when it was refused, failed, was not
 * JSON or was not made.
 */
export function startEarlyGet<T>(path: string, options: { anonymous?: boolean; when?: Promise<boolean> } = {}): Promise<T | undefined> {
  const ask = () => fetch(`/api${path}`, { method: 'GET', headers: credentialsOf(options.anonymous, {}).headers });
  const response = options.when
    ? options.when.then(
        (wanted) => (wanted ? ask() : undefined),
        () => undefined,
      )
    : ask();
  (window.verigateEarlyGets ??= new Map()).set(path, { response, startedAt: performance.now() });
  // Read from a copy, before the app can take the answer. The app may never take it (it went to
  // another screen first): its failure is nobody's to report.
  return response.then(async (answer) => (answer?.ok ? asEnvelope<T>(await answer.clone().json())?.data : undefined)).catch(() => undefined);
}

function takeEarlyGet(path: string): Promise<Response | undefined> | undefined {
  const early = window.verigateEarlyGets?.get(path);
  window.verigateEarlyGets?.delete(path);
  return early && performance.now() - early.startedAt <= EARLY_GET_KEPT_MS ? early.response : undefined;
}

/** The data of an answer; a 503/504 handed back; any other refusal thrown (and a refused session ended). */
function answer<T>(ok: boolean, status: number, envelope: Envelope<T> | null, token: string | null): T | Unavailable {
  if (ok && envelope && 'data' in envelope) return envelope.data as T;

  const err = envelope?.err;
  const error = refusal(err, status);
  // A 403 ends the session (the seed's rule), except a role's refusal: the member stays signed in.
  if ((typeof err === 'string' && err.includes('deactivated')) || (status === 403 && error.code !== 'forbidden')) {
    endSession();
    throw error;
  }
  if (typeof err === 'object' && err !== null && (err.status === 503 || err.status === 504)) return err as Unavailable;
  // A bearer token the server no longer accepts ends the session too.
  if (token && status === 401 && error.code === 'unauthorized') endSession();
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

/** An upload the person cancelled: nothing to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'UploadCancelled';
  }
}

/** How much of a request body has been sent: bytes so far and the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * apiUpload, reporting how much of the body has gone (fetch cannot tell a request's upload
 * progress; XMLHttpRequest can), for files large enough that a person must see it moving.
 */
export function apiUploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T | Unavailable> {
  const token = storage.get(STORAGE_KEYS.token);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelled());
    const request = new XMLHttpRequest();
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.open('POST', `/api${path}`);
    for (const [name, value] of Object.entries(sessionHeaders(token, { Accept: 'application/json' }))) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      let envelope: Envelope<T> | null = null;
      try {
        envelope = asEnvelope<T>(JSON.parse(request.responseText));
      } catch {
        envelope = null;
      }
      try {
        resolve(answer(request.status >= 200 && request.status < 300, request.status, envelope, token));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(DEFAULT_ERROR_MESSAGE, request.status));
      }
    });
    const failed = () => reject(new ApiError(DEFAULT_ERROR_MESSAGE, 0));
    request.addEventListener('error', failed);
    request.addEventListener('abort', () => reject(signal?.aborted ? new UploadCancelled() : new ApiError(DEFAULT_ERROR_MESSAGE, 0)));
    request.addEventListener('timeout', failed);
    request.send(form);
  });
}

/** A file the API answered: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * An authorised file download (`url` under /api, as the contracts give it): the bearer token
 * goes in a header, so the file cannot be a plain link. A refusal follows apiRequest's rules.
 */
export async function apiDownload(url: string): Promise<DownloadedFile> {
  const token = storage.get(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(url, { headers: sessionHeaders(token) });
  } catch {
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }
  if (!response.ok) {
    orThrow(answer<never>(false, response.status, await readEnvelope<never>(response), token));
    throw new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
  }
  return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) };
}

/** `attachment; filename="results.csv"` → 'results.csv' */
function attachmentName(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
