import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, Organisation } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

export type ContactKind = 'technical' | 'business';

/** Each point of contact's action and the field that carries it, in the body and the answer. */
const CONTACT_UPDATES = {
  technical: { action: 'org_techpoc_update', field: 'technical_poc' },
  business: { action: 'org_businesspoc_update', field: 'business_poc' },
} as const satisfies Record<ContactKind, { action: string; field: keyof Organisation }>;

/** PUT /organisation/{id}?action=org_techpoc_update {technical_poc} | org_businesspoc_update {business_poc}: the saved contact. */
export async function updateContact(organisationId: string, kind: ContactKind, contact: Contact): Promise<Contact> {
  const { action, field } = CONTACT_UPDATES[kind];
  const answer = orThrow(
    await apiRequest<Partial<Record<typeof field, Contact>>>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=${action}`, {
      body: { [field]: contact },
    }),
  );
  return answer[field] ?? contact;
}

/** After the update: show the saved contact at once, then refetch the organisation. */
export function useUpdateContact(kind: ContactKind) {
  const queryClient = useQueryClient();
  const organisationId = currentOrganisationId() ?? '';
  return useMutation({
    mutationFn: (contact: Contact) => updateContact(organisationId, kind, contact),
    onSuccess: (saved) => {
      const queryKey = queryKeys.organisation(organisationId);
      queryClient.setQueryData<Organisation>(queryKey, (organisation) =>
        organisation ? { ...organisation, [CONTACT_UPDATES[kind].field]: saved } : organisation,
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
