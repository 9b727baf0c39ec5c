import { STORAGE_KEYS } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { summaryQuery } from '@/features/dashboard/api/get-summary';
import { queryKeys } from '@/lib/api/query-keys';
import { prefetchFirstData } from './first-data';
import { createQueryClient } from './providers';

const answers: Record<string, unknown> = {
  '/api/organisation/org-1': { _id: 'org-1', name: 'Acme Finance' },
  '/api/summary': { subscribed_products: 1 },
};

let fetch: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ data: answers[url] }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  localStorage.setItem(STORAGE_KEYS.organisationId, 'org-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const askedFor = () => fetch.mock.calls.map(([url]) => url as string).sort();

describe('the first data of a visit', () => {
  it('asks for the organisation and the summary when the visit opens on the dashboard, and keeps them for its screens', async () => {
    const queryClient = createQueryClient();
    prefetchFirstData(queryClient, '/application/dashboard');
    expect(askedFor()).toEqual(['/api/organisation/org-1', '/api/summary']);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.summary)).toEqual(answers['/api/summary']));
    expect(queryClient.getQueryData(queryKeys.organisation('org-1'))).toEqual(answers['/api/organisation/org-1']);
    // Still fresh when the dashboard asks a moment later with the same query: no second request.
    await queryClient.prefetchQuery(summaryQuery);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing on other screens, or without an organisation', () => {
    prefetchFirstData(createQueryClient(), '/application/billing');
    prefetchFirstData(createQueryClient(), '/login');
    localStorage.removeItem(STORAGE_KEYS.organisationId);
    prefetchFirstData(createQueryClient(), '/application/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });
});
