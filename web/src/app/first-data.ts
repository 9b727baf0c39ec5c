import type { QueryClient } from '@tanstack/react-query';
import { summaryQuery } from '@/features/dashboard/api/get-summary';
import { currentOrganisationId, organisationQuery } from '@/lib/api/organisations/get-organisation';

/**
 * The dashboard's first data (the organisation and the summary its cards show), asked for together
 * with the settings when a visit opens on it: each would otherwise start only once the settings,
 * the screen's code and the shell had arrived, a round trip later on a phone's network.
 */
export function prefetchFirstData(queryClient: QueryClient, pathname: string): void {
  const organisationId = currentOrganisationId();
  if (!organisationId || !pathname.startsWith('/application/dashboard')) return;
  void queryClient.prefetchQuery(organisationQuery(organisationId));
  void queryClient.prefetchQuery(summaryQuery);
}
