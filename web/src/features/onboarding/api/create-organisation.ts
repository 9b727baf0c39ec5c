import { useMutation } from '@tanstack/react-query';
import type { CreateOrganisationRequest, Organisation } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

/** POST /organisation: the caller becomes the owner of the new organisation (status ORG_CREATED). */
export const createOrganisation = async (body: CreateOrganisationRequest) => orThrow(await apiRequest<Organisation>('POST', '/organisation', { body }));

export const useCreateOrganisation = () => useMutation({ mutationFn: createOrganisation });
