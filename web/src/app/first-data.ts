import type { QueryClient } from '@tanstack/react-query';
import { summaryQuery } from '@/features/dashboard/api/get-summary';
import { batchTypesQuery, batchTypesWantedFor } from '@/lib/api/batch/get-batch-types';
import { currentOrganisationId, organisationQuery } from '@/lib/api/organisations/get-organisation';
import { storedUserId, userQuery } from '@/lib/api/users/get-user';

/**
 * The first data of a visit that opens on the dashboard, asked for together with the settings:
 * the organisation and the summary its cards show, the member's profile (the shell reads their
 * role from it) and, once both say the shell will ask for them, the organisation's batch types (it
 * shows Batch Service only when there are some). Each would otherwise start only once the
 * settings, the screen's code and the shell had arrived and rendered, a round trip later or more
 * on a phone's network. The dashboard's own page has asked for all four already, while this code
 * downloaded (early-requests.ts): the queries take those answers.
 */
export function prefetchFirstData(queryClient: QueryClient, pathname: string): void {
  const organisationId = currentOrganisationId();
  if (!organisationId || !pathname.startsWith('/application/dashboard')) return;
  const userId = storedUserId();
  const profile = userId ? queryClient.fetchQuery(userQuery(userId)) : Promise.resolve(undefined);
  const organisation = queryClient.fetchQuery(organisationQuery(organisationId));
  void Promise.all([organisation, profile]).then(
    ([{ onboarding_status }, user]) => {
      if (batchTypesWantedFor(organisationId, onboarding_status, user)) void queryClient.prefetchQuery(batchTypesQuery(organisationId));
    },
    // The screens show the error when they ask again.
    () => undefined,
  );
  void queryClient.prefetchQuery(summaryQuery);
}
