import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchTypeOption } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /productBatchService/getBatchTypes/{orgId}: a type per subscribed product that supports batch, with its sample CSV. */
export const getBatchTypes = async (organisationId: string) =>
  orThrow(await apiRequest<BatchTypeOption[]>('GET', `/productBatchService/getBatchTypes/${encodeURIComponent(organisationId)}`));

export const batchTypesQuery = (organisationId: string) =>
  queryOptions({
    queryKey: queryKeys.batchTypes(organisationId),
    queryFn: () => getBatchTypes(organisationId),
    staleTime: 60_000,
  });

/** The organisation's batch types; asked only when `enabled` (the service is for a fully onboarded organisation). */
export function useBatchTypes(enabled = true) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({ ...batchTypesQuery(organisationId), enabled: enabled && organisationId !== '' });
}
