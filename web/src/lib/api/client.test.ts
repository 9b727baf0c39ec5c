import { DEFAULT_ERROR_MESSAGE, STORAGE_KEYS } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, apiRequest, isUnavailable, orThrow, startEarlyGet } from './client';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/application/manage-apps', assign });
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  localStorage.setItem(STORAGE_KEYS.organisationId, 'org-1');
});
afterEach(() => {
  vi.useRealTimers();
  delete window.verigateEarlyGets;
});

const signedOut = () => {
  expect(localStorage.length).toBe(0);
  expect(assign).toHaveBeenCalledWith('/login');
};
const stillSignedIn = () => {
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('session-token');
  expect(assign).not.toHaveBeenCalled();
};

describe('the API client (seed 000 §8)', () => {
  it('answers the data of the envelope and sends the bearer token', async () => {
    const fetch = answer(200, { data: { _id: 'app-1' } });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('GET', '/app/app-1')).resolves.toEqual({ _id: 'app-1' });
    expect(fetch).toHaveBeenCalledWith('/api/app/app-1', expect.objectContaining({ method: 'GET' }));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('acts for the stored organisation with x-org-id, unless the call names one', async () => {
    const fetch = answer(200, { data: [] });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('GET', '/members');
    await apiRequest('POST', '/app', { headers: { 'x-org-id': 'org-2' }, body: { name: 'Lending' } });
    const sent = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(sent[0]!['x-org-id']).toBe('org-1');
    expect(sent[1]!['x-org-id']).toBe('org-2');

    localStorage.setItem(STORAGE_KEYS.organisationId, 'org-3');
    await apiRequest('GET', '/members');
    expect((fetch.mock.calls[2] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'x-org-id': 'org-3' });
  });

  it('sends no organisation before one is stored, nor on an anonymous call', async () => {
    const fetch = answer(200, { data: null });
    vi.stubGlobal('fetch', fetch);
    localStorage.removeItem(STORAGE_KEYS.organisationId);
    await apiRequest('POST', '/organisation', { body: {} });
    localStorage.setItem(STORAGE_KEYS.organisationId, 'org-1');
    await apiRequest('GET', '/invitations/abcdefghijklmnop', { anonymous: true });
    for (const [, init] of fetch.mock.calls as unknown as Array<[string, RequestInit]>) expect(init.headers).not.toHaveProperty('x-org-id');
  });

  it('sends no token on an anonymous call, and a JSON body with its content type', async () => {
    const fetch = answer(200, { data: null });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/user', { anonymous: true, body: { email: 'a@b.in' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.in"}');
  });

  it("clears the storage and goes to /login when err is a string containing 'deactivated', throwing that text", async () => {
    vi.stubGlobal('fetch', answer(401, { err: 'Your account has been deactivated' }));
    const error = await apiRequest('GET', '/user/u-1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Your account has been deactivated');
    signedOut();
  });

  it('clears the storage and goes to /login on a 403 other than a role refusal, with the envelope message', async () => {
    vi.stubGlobal('fetch', answer(403, { err: { status: 403, code: 'deactivated', message: 'Your account has been deactivated' } }));
    await expect(apiRequest('GET', '/organisation/org-2')).rejects.toMatchObject({
      message: 'Your account has been deactivated',
      status: 403,
      code: 'deactivated',
    });
    signedOut();
  });

  it("keeps the session on a role's refusal (403 forbidden) and throws its message", async () => {
    const message = 'Your role (Viewer) does not allow this. Ask an owner or admin of the organisation.';
    vi.stubGlobal('fetch', answer(403, { err: { status: 403, code: 'forbidden', message } }));
    await expect(apiRequest('POST', '/app')).rejects.toMatchObject({ message, status: 403, code: 'forbidden' });
    stillSignedIn();
  });

  it('does not reload /login when the refusal happens there', async () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/login', assign });
    vi.stubGlobal('fetch', answer(403, { err: { status: 403, code: 'deactivated', message: 'Your account has been deactivated' } }));
    await expect(apiRequest('GET', '/organisation/org-2')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.length).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([503, 504])('returns a %i answer instead of throwing, and keeps the session', async (status) => {
    const err = { status, code: 'internal', message: 'The verification source is down' };
    vi.stubGlobal('fetch', answer(status, { err }));
    const result = await apiRequest('GET', '/product');
    expect(result).toEqual(err);
    expect(isUnavailable(result)).toBe(true);
    stillSignedIn();
    expect(() => orThrow(result)).toThrow(expect.objectContaining({ name: 'ApiError', message: 'The verification source is down', status }));
  });

  it("throws err.message, or 'Something went wrong!' when there is none", async () => {
    vi.stubGlobal('fetch', answer(409, { err: { status: 409, code: 'conflict', message: 'Disable the key before deleting one.' } }));
    await expect(apiRequest('PUT', '/app/a?action=delete_app_key')).rejects.toMatchObject({ message: 'Disable the key before deleting one.', status: 409 });

    vi.stubGlobal('fetch', answer(400, { err: { status: 400, code: 'bad_request', message: '' } }));
    await expect(apiRequest('PUT', '/app/a')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE, status: 400 });

    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    await expect(apiRequest('GET', '/app')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE, status: 502 });
    stillSignedIn();
  });

  it("throws 'Something went wrong!' with status 0 when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('GET', '/app')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE, status: 0 });
    stillSignedIn();
  });

  it("carries the envelope's details, such as the ZPIN attempts left", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { err: { status: 400, code: 'bad_request', message: 'Invalid zpin, please re-enter', details: [{ path: 'attempts_left', message: '2' }] } }),
    );
    const error = (await apiRequest('PUT', '/app/a?action=enable_app_key').catch((caught: unknown) => caught)) as ApiError;
    expect(error.details).toEqual([{ path: 'attempts_left', message: '2' }]);
    expect(error.detail('attempts_left')).toBe('2');
    expect(error.detail('other')).toBeUndefined();
  });

  it('ends a session whose token the server no longer accepts, but not on an anonymous call', async () => {
    vi.stubGlobal('fetch', answer(401, { err: { status: 401, code: 'unauthorized', message: 'Wrong email or password' } }));
    await expect(apiRequest('POST', '/user/login', { anonymous: true })).rejects.toMatchObject({ status: 401 });
    stillSignedIn();

    await expect(apiRequest('GET', '/app')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    signedOut();
  });
});

describe('calls a page starts before the app has run', () => {
  it("gives the app's first GET of the same path the answer, sent with the same headers, and asks the server again after that", async () => {
    const fetch = answer(200, { data: { plan: 'Lite' } });
    vi.stubGlobal('fetch', fetch);
    const read = startEarlyGet('/summary');
    void startEarlyGet('/config', { anonymous: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [early, anonymous] = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(([url, init]) => [url, init.headers]);
    expect(early).toEqual(['/api/summary', { Accept: 'application/json', 'x-org-id': 'org-1', Authorization: 'Bearer session-token' }]);
    expect(anonymous).toEqual(['/api/config', { Accept: 'application/json' }]);

    // The page's script reads the answer too, and the app still gets all of it.
    await expect(read).resolves.toEqual({ plan: 'Lite' });
    await expect(apiRequest('GET', '/summary')).resolves.toEqual({ plan: 'Lite' });
    await expect(apiRequest('GET', '/config', { anonymous: true })).resolves.toEqual({ plan: 'Lite' });
    expect(fetch).toHaveBeenCalledTimes(2);
    await apiRequest('GET', '/summary');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("gives the page's script no data from a refusal, and the app the refusal itself", async () => {
    vi.stubGlobal('fetch', answer(409, { err: { status: 409, code: 'conflict', message: 'Not yet' } }));
    await expect(startEarlyGet('/summary')).resolves.toBeUndefined();
    await expect(apiRequest('GET', '/summary')).rejects.toMatchObject({ message: 'Not yet', status: 409 });
  });

  it('gives the script nothing from an answer that is not JSON, and leaves a call whose condition failed to the app', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    vi.stubGlobal('fetch', async () => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(startEarlyGet('/summary')).resolves.toBeUndefined();
    await expect(startEarlyGet('/batch-types', { when: Promise.reject(new Error('no organisation')) })).resolves.toBeUndefined();
    const asked = vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 }));
    vi.stubGlobal('fetch', asked);
    await expect(apiRequest('GET', '/batch-types')).resolves.toEqual([]);
    expect(asked).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('makes a call the page decides on later only if it decides so, and the app waits for the decision instead of asking too', async () => {
    const fetch = answer(200, { data: ['PAN Lite'] });
    vi.stubGlobal('fetch', fetch);
    let decide!: (wanted: boolean) => void;
    void startEarlyGet('/batch-types', { when: new Promise<boolean>((resolve) => (decide = resolve)) });
    const appCall = apiRequest('GET', '/batch-types');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).not.toHaveBeenCalled();
    decide(true);
    await expect(appCall).resolves.toEqual(['PAN Lite']);
    expect(fetch).toHaveBeenCalledTimes(1);

    void startEarlyGet('/batch-types', { when: Promise.resolve(false) });
    await expect(apiRequest('GET', '/batch-types')).resolves.toEqual(['PAN Lite']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not given to a call of another path or method, or one with headers of its own', async () => {
    const fetch = answer(200, { data: null });
    vi.stubGlobal('fetch', fetch);
    void startEarlyGet('/summary');
    await apiRequest('GET', '/summary/usage');
    await apiRequest('POST', '/summary', { body: {} });
    await apiRequest('GET', '/summary', { headers: { 'x-org-id': 'org-2' } });
    expect(fetch).toHaveBeenCalledTimes(4);
    await apiRequest('GET', '/summary');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('is not given once it has waited 10 s: the app asks again', async () => {
    vi.useFakeTimers();
    const fetch = answer(200, { data: null });
    vi.stubGlobal('fetch', fetch);
    void startEarlyGet('/summary');
    vi.advanceTimersByTime(10_001);
    await apiRequest('GET', '/summary');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails the call that takes it as a network failure would, and troubles nobody if no call does', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    // Not a vi.fn: a mock watches the promises it returns, which would hide an unhandled one.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const read = startEarlyGet('/summary');
    void startEarlyGet('/config', { anonymous: true });
    await expect(read).resolves.toBeUndefined();
    await expect(apiRequest('GET', '/summary')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE, status: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('authorised file downloads', () => {
  it('sends the bearer token and answers the file with the name the server gave it', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="March checks-results.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await apiDownload('/api/productBatchService/download/b-1');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(file.filename).toBe('March checks-results.csv');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/productBatchService/download/b-1');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer session-token', 'x-org-id': 'org-1' });
  });

  it('throws the envelope’s message when the file is refused, keeping the session on a 409', async () => {
    vi.stubGlobal('fetch', answer(409, { err: { status: 409, code: 'conflict', message: 'The results can be downloaded once the batch is FINISHED' } }));
    await expect(apiDownload('/api/productBatchService/download/b-1')).rejects.toMatchObject({
      message: 'The results can be downloaded once the batch is FINISHED',
      status: 409,
    });
    stillSignedIn();
  });

  it('throws for a 503 too, since a file cannot be half answered', async () => {
    vi.stubGlobal('fetch', answer(503, { err: { status: 503, code: 'unavailable', message: 'Storage is unavailable' } }));
    await expect(apiDownload('/api/productBatchService/download/b-1')).rejects.toMatchObject({ message: 'Storage is unavailable', status: 503 });
  });
});
