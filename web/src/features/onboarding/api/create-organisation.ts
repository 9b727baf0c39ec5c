import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganisationRequest, Organisation } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { storedUserId } from '@/lib/api/users/get-user';

/** POST /organisation: the caller becomes the owner of the new organisation (status ORG_CREATED). */
export const createOrganisation = async (body: CreateOrganisationRequest) => orThrow(await apiRequest<Organisation>('POST', '/organisation', { body }));

/** The profile is read again after: its roles now hold the owner's role in the new organisation, which the portal's gating reads. */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user(storedUserId() ?? '') }),
  });
}
