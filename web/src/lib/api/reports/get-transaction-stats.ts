import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { EnvironmentName, TransactionStats } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { storedUserId } from '@/lib/api/users/get-user';

export interface TransactionStatsFilter {
  app_id?: string;
  env?: EnvironmentName;
  start_date: string;
  end_date: string;
}

const searchOf = (filter: TransactionStatsFilter) => {
  const search = new URLSearchParams({ start_date: filter.start_date, end_date: filter.end_date });
  if (filter.app_id) search.set('app_id', filter.app_id);
  if (filter.env) search.set('env', filter.env);
  return search.toString();
};

/**
 * GET /organisation/{id}?action=get_org_transaction_stats&app_id&env&start_date&end_date with
 * x-user-id: per product, the test credits spent and the billable, successful and failed calls.
 */
export async function getTransactionStats(organisationId: string, filter: TransactionStatsFilter): Promise<TransactionStats> {
  const userId = storedUserId();
  return orThrow(
    await apiRequest<TransactionStats>('GET', `/organisation/${encodeURIComponent(organisationId)}?action=get_org_transaction_stats&${searchOf(filter)}`, {
      headers: userId ? { 'x-user-id': userId } : {},
    }),
  );
}

/** `filter` null holds the call back (no valid range, or the organisation is not onboarded yet). */
export function useTransactionStats(filter: TransactionStatsFilter | null) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: queryKeys.transactionStats(organisationId, filter ? searchOf(filter) : ''),
    queryFn: filter && organisationId ? () => getTransactionStats(organisationId, filter) : skipToken,
    placeholderData: keepPreviousData,
  });
}
