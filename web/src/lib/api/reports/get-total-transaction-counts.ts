import { skipToken, useQuery } from '@tanstack/react-query';
import type { TotalTransactionCounts } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /organisation/{id}?action=get_org_total_transaction_counts: every call the organisation has made. */
export const getTotalTransactionCounts = async (organisationId: string) =>
  orThrow(await apiRequest<TotalTransactionCounts>('GET', `/organisation/${encodeURIComponent(organisationId)}?action=get_org_total_transaction_counts`));

export function useTotalTransactionCounts({ enabled }: { enabled: boolean }) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: queryKeys.totalTransactions(organisationId),
    queryFn: enabled && organisationId ? () => getTotalTransactionCounts(organisationId) : skipToken,
  });
}
