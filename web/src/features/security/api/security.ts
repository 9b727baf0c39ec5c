import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, SessionView, TwoFactorSetup, TwoFactorStatus } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  orThrow(await apiRequest<T>(method, path, body !== undefined ? { body } : {}));

const keys = {
  all: ['security'] as const,
  twoFactor: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
  policy: (organisationId: string) => ['security', 'policy', organisationId] as const,
};

export const useTwoFactorStatus = () => useQuery({ queryKey: keys.twoFactor, queryFn: () => call<TwoFactorStatus>('GET', '/user/two-factor') });
export const useSessions = () => useQuery({ queryKey: keys.sessions, queryFn: () => call<SessionView[]>('GET', '/user/sessions') });

/** A change to the member's own security: the two-factor status and the sessions are read again. */
function useSecurityMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Starting the set-up changes nothing the page shows until it is confirmed. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => call<TwoFactorSetup>('POST', '/user/two-factor/setup') });
export const useConfirmTwoFactor = () => useSecurityMutation((code: string) => call<RecoveryCodes>('POST', '/user/two-factor/confirm', { code }));
export const useNewRecoveryCodes = () => useSecurityMutation((code: string) => call<RecoveryCodes>('POST', '/user/two-factor/recovery-codes', { code }));
export const useTurnOffTwoFactor = () => useSecurityMutation((code: string) => call<{ message: string }>('DELETE', '/user/two-factor', { code }));
export const useEndSession = () => useSecurityMutation((id: string) => call<{ message: string }>('DELETE', `/user/sessions/${encodeURIComponent(id)}`));
export const useEndOtherSessions = () => useSecurityMutation(() => call<{ message: string }>('DELETE', '/user/sessions'));
/** The policy's answer is the policy: it shows at once, with no read in between that would flip the switch back. */
export function useTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, required }: { organisationId: string; required: boolean }) =>
      call<{ required: boolean }>('PUT', `/organisation/${encodeURIComponent(organisationId)}/two-factor`, { required }),
    onSuccess: (result, { organisationId }) => queryClient.setQueryData(keys.policy(organisationId), result),
  });
}

export const useOrganisationPolicy = (organisationId: string) =>
  useQuery({
    queryKey: keys.policy(organisationId),
    queryFn: () => call<{ required: boolean }>('GET', `/organisation/${encodeURIComponent(organisationId)}/two-factor`),
    enabled: organisationId !== '',
  });
