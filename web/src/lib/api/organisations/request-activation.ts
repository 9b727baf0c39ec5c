import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivationRequested } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * POST /events?action=account_activation_request (no body): emails the activation request, with
 * the KYC details on file, to the provider's team (and a copy to the requester). Needs the KYC.
 */
export const requestActivation = async () => orThrow(await apiRequest<ActivationRequested>('POST', '/events?action=account_activation_request'));

/** The account activation popup's "send it by email". */
export function useRequestActivation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestActivation, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisations }) });
}
