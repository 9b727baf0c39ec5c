import { useMutation } from '@tanstack/react-query';
import type { CreateOrganisationRequest, Organisation } from '@verigate/contracts';
import { request } from './request';

/** POST /organisation: the caller becomes the owner of the new organisation (status ORG_CREATED). */
export const createOrganisation = (body: CreateOrganisationRequest) => request<Organisation>('POST', '/organisation', { body });

export const useCreateOrganisation = () => useMutation({ mutationFn: createOrganisation });
