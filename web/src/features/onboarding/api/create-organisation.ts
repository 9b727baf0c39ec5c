import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganisationRequest, Organisation } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { rememberRole } from '@/lib/api/users/get-user';

/** POST /organisation: the caller becomes the owner of the new organisation (status ORG_CREATED). */
export const createOrganisation = async (body: CreateOrganisationRequest) => orThrow(await apiRequest<Organisation>('POST', '/organisation', { body }));

/** The creator is the new organisation's owner, which the portal's gating reads from the profile. */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: (created) => rememberRole(queryClient, created._id, 'owner'),
  });
}
