import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchState, BatchTask } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

/** The filter panel's choices: a product (arn), a day range (epoch ms, start of the first day to end of the last) and a state. */
export interface BatchFilters {
  product?: string;
  start_date?: number;
  end_date?: number;
  status?: BatchState;
}

/** How often the list asks again while a batch it shows can still move. */
const BATCH_POLL_MS = 2000;

/** GET /productBatchService/getTask?org_id=…: the organisation's batches, newest first, narrowed by the filters. */
export async function getBatchTasks(organisationId: string, filters: BatchFilters) {
  const query = new URLSearchParams({ org_id: organisationId });
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
  return orThrow(await apiRequest<BatchTask[]>('GET', `/productBatchService/getTask?${query}`));
}

export const batchTasksQuery = (organisationId: string, filters: BatchFilters) =>
  queryOptions({
    queryKey: queryKeys.batchTasks(organisationId, filters),
    queryFn: () => getBatchTasks(organisationId, filters),
  });

/**
 * The batches, refreshed every BATCH_POLL_MS while any of them is still waiting, running or
 * paused, so progress moves without a manual refresh; the previous list stays up while new
 * filters load.
 */
export function useBatchTasks(filters: BatchFilters, isActive: (task: BatchTask) => boolean) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    ...batchTasksQuery(organisationId, filters),
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? BATCH_POLL_MS : false),
  });
}
