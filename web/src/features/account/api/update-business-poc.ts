import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { applyContactUpdate } from './update-contact';

/** PUT /organisation/{id}?action=org_businesspoc_update {business_poc}. */
export const updateBusinessPoc = async (organisationId: string, contact: Contact) =>
  orThrow(
    await apiRequest<{ business_poc: Contact }>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=org_businesspoc_update`, {
      body: { business_poc: contact },
    }),
  );

export function useUpdateBusinessPoc() {
  const queryClient = useQueryClient();
  const organisationId = currentOrganisationId() ?? '';
  return useMutation({
    mutationFn: (contact: Contact) => updateBusinessPoc(organisationId, contact),
    onSuccess: (result) => applyContactUpdate(queryClient, organisationId, { business_poc: result.business_poc }),
  });
}
