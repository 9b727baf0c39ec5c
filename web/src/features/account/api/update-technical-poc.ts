import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { applyContactUpdate } from './update-contact';

/** PUT /organisation/{id}?action=org_techpoc_update {technical_poc}. */
export const updateTechnicalPoc = async (organisationId: string, contact: Contact) =>
  orThrow(
    await apiRequest<{ technical_poc: Contact }>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=org_techpoc_update`, {
      body: { technical_poc: contact },
    }),
  );

export function useUpdateTechnicalPoc() {
  const queryClient = useQueryClient();
  const organisationId = currentOrganisationId() ?? '';
  return useMutation({
    mutationFn: (contact: Contact) => updateTechnicalPoc(organisationId, contact),
    onSuccess: (result) => applyContactUpdate(queryClient, organisationId, { technical_poc: result.technical_poc }),
  });
}
