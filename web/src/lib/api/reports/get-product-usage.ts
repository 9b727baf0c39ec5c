import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ProductUsage } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { storedUserId } from '@/lib/api/users/get-user';

export interface ProductUsageFilter {
  /** One product's arn, or undefined for every product. */
  arn?: string;
  start_date: string;
  end_date: string;
}

const searchOf = ({ arn, start_date, end_date }: ProductUsageFilter) => {
  const search = new URLSearchParams({ start_date, end_date });
  if (arn) search.set('arn', arn);
  return search.toString();
};

/**
 * GET /organisation/{id}?action=get_org_product_usage&arn&start_date&end_date with x-user-id: calls
 * per day over the range, its total and the previous period's total.
 */
export async function getProductUsage(organisationId: string, filter: ProductUsageFilter): Promise<ProductUsage> {
  const userId = storedUserId();
  return orThrow(
    await apiRequest<ProductUsage>('GET', `/organisation/${encodeURIComponent(organisationId)}?action=get_org_product_usage&${searchOf(filter)}`, {
      headers: userId ? { 'x-user-id': userId } : {},
    }),
  );
}

/** `filter` null holds the call back (no valid range, or the organisation is not onboarded yet). */
export function useProductUsage(filter: ProductUsageFilter | null) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: queryKeys.productUsage(organisationId, filter ? searchOf(filter) : ''),
    queryFn: filter && organisationId ? () => getProductUsage(organisationId, filter) : skipToken,
    placeholderData: keepPreviousData,
  });
}
