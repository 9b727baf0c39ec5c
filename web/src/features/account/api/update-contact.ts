import type { QueryClient } from '@tanstack/react-query';
import type { Organisation } from '@verigate/contracts';
import { organisationQuery } from '@/lib/api/organisations/get-organisation';

export type ContactKind = 'technical' | 'business';

/** After a point-of-contact update: show the saved contact at once, then refetch the organisation. */
export function applyContactUpdate(queryClient: QueryClient, organisationId: string, patch: Partial<Pick<Organisation, 'technical_poc' | 'business_poc'>>) {
  const { queryKey } = organisationQuery(organisationId);
  queryClient.setQueryData<Organisation>(queryKey, (organisation) => (organisation ? { ...organisation, ...patch } : organisation));
  void queryClient.invalidateQueries({ queryKey });
}
