import { queryOptions, useQuery } from '@tanstack/react-query';
import { FULLY_ONBOARDED, type BatchTypeOption, type OnboardingStatus, type Role, type UserProfile } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { allows, roleIn } from '@/lib/use-role';

/** GET /productBatchService/getBatchTypes/{orgId}: a type per subscribed product that supports batch, with its sample CSV. */
export const batchTypesPath = (organisationId: string) => `/productBatchService/getBatchTypes/${encodeURIComponent(organisationId)}`;

export const getBatchTypes = async (organisationId: string) => orThrow(await apiRequest<BatchTypeOption[]>('GET', batchTypesPath(organisationId)));

export const batchTypesQuery = (organisationId: string) =>
  queryOptions({
    queryKey: queryKeys.batchTypes(organisationId),
    queryFn: () => getBatchTypes(organisationId),
    staleTime: 60_000,
  });

/** Whether the shell asks for the batch types: for a fully onboarded organisation, of a member whose role may use batches (or is not known yet). */
export const batchTypesWanted = (status: OnboardingStatus | undefined, role: Role | undefined): boolean =>
  status === FULLY_ONBOARDED && allows(role, 'batches.use');

/** The same, read from organisation `organisationId`'s status and the member's profile (if known), as a visit's first data has them. */
export const batchTypesWantedFor = (organisationId: string, status: OnboardingStatus, user: UserProfile | undefined): boolean =>
  batchTypesWanted(status, user && roleIn(user.roles, organisationId));

/** The organisation's batch types; asked only when `enabled` (the service is for a fully onboarded organisation). */
export function useBatchTypes(enabled = true) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({ ...batchTypesQuery(organisationId), enabled: enabled && organisationId !== '' });
}
