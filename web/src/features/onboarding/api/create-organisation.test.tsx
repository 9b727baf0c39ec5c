import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { STORAGE_KEYS, type CreateOrganisationRequest, type UserProfile } from '@verigate/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/api/query-keys';
import { userQuery } from '@/lib/api/users/get-user';
import { testProfile } from '@/test/profile';
import { answerApi, testQueryClient } from '@/test/render';
import { useCreateOrganisation } from './create-organisation';

const profile = testProfile();
const PROFILE_URL = '/api/user/user-1';
const contact = { name: 'Meera Iyer', email: 'meera@acme-finance.in', designation: 'Director', phone: '9876543210' };
const request: CreateOrganisationRequest = {
  name: 'Acme Finance',
  trade_name: 'Acme Finance',
  category: 'Fintech',
  category_id: '5f0c7a4e-4a8f-4c1e-9b1a-1f2e3d4c5b6a',
  country_code: 'IN',
  business_poc: contact,
  technical_poc: contact,
};

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: 'user-1' }));
});
afterEach(() => vi.restoreAllMocks());

describe('creating the organisation', () => {
  it('gives the cached profile the owner role at once and goes on without waiting for the profile to be read again', async () => {
    const api = answerApi({ 'GET /user/user-1': { body: profile }, 'POST /organisation': { body: { _id: 'org-9', name: 'Acme Finance' } } });
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ user: useQuery(userQuery('user-1')), create: useCreateOrganisation() }), { wrapper });
    await waitFor(() => expect(result.current.user.data).toEqual(profile));

    // From here on, a read of the profile never comes back.
    const answer = api.getMockImplementation()!;
    api.mockImplementation((input, init) => (String(input) === PROFILE_URL ? new Promise<Response>(() => undefined) : answer(input, init)));
    const created = vi.fn();
    act(() => result.current.create.mutate(request, { onSuccess: created }));

    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(result.current.create.isSuccess).toBe(true);
    expect(queryClient.getQueryData<UserProfile>(queryKeys.user('user-1'))?.roles).toEqual([{ org_id: 'org-9', role: 'owner' }]);
    // The profile is still read again, behind the step.
    expect(api.mock.calls.filter(([url]) => String(url) === PROFILE_URL)).toHaveLength(2);
  });
});
