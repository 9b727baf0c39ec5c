import { FULLY_ONBOARDED, STORAGE_KEYS } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { summaryQuery } from '@/features/dashboard/api/get-summary';
import { queryKeys } from '@/lib/api/query-keys';
import { prefetchFirstData } from './first-data';
import { createQueryClient } from './providers';

const onboardedOrganisation = { _id: 'org-1', name: 'Acme Finance', onboarding_status: FULLY_ONBOARDED };
const owner = { _id: 'user-1', roles: [{ org_id: 'org-1', role: 'owner' }] };
const answers: Record<string, unknown> = {
  '/api/organisation/org-1': onboardedOrganisation,
  '/api/summary': { subscribed_products: 1 },
  '/api/user/user-1': owner,
  '/api/productBatchService/getBatchTypes/org-1': [{ type: 'pan_lite' }],
};

let fetch: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ data: answers[url] }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  localStorage.setItem(STORAGE_KEYS.organisationId, 'org-1');
});
afterEach(() => {
  answers['/api/organisation/org-1'] = onboardedOrganisation;
  answers['/api/user/user-1'] = owner;
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
    expect(askedFor().filter((url) => url === '/api/summary')).toHaveLength(1);
  });

  it("asks for the member's profile beside them, and for the batch types once the organisation is fully onboarded", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: 'user-1' }));
    const queryClient = createQueryClient();
    prefetchFirstData(queryClient, '/application/dashboard');
    expect(askedFor()).toEqual(['/api/organisation/org-1', '/api/summary', '/api/user/user-1']);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.batchTypes('org-1'))).toEqual([{ type: 'pan_lite' }]));
    expect(queryClient.getQueryData(queryKeys.user('user-1'))).toEqual(answers['/api/user/user-1']);
  });

  it('asks for no batch types for a member whose role may not use batches', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: 'user-1' }));
    answers['/api/user/user-1'] = { _id: 'user-1', roles: [{ org_id: 'org-1', role: 'finance' }] };
    const queryClient = createQueryClient();
    prefetchFirstData(queryClient, '/application/dashboard');
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.user('user-1'))).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(askedFor()).toEqual(['/api/organisation/org-1', '/api/summary', '/api/user/user-1']);
  });

  it('asks for no batch types for an organisation still onboarding', async () => {
    answers['/api/organisation/org-1'] = { _id: 'org-1', name: 'Acme Finance', onboarding_status: 'ORG_CREATED' };
    const queryClient = createQueryClient();
    prefetchFirstData(queryClient, '/application/dashboard');
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.organisation('org-1'))).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(askedFor()).toEqual(['/api/organisation/org-1', '/api/summary']);
  });

  it('asks for nothing on other screens, or without an organisation', () => {
    prefetchFirstData(createQueryClient(), '/application/billing');
    prefetchFirstData(createQueryClient(), '/login');
    localStorage.removeItem(STORAGE_KEYS.organisationId);
    prefetchFirstData(createQueryClient(), '/application/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });
});
