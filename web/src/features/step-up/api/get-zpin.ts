import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api/client';

export type ZpinStatus = { updatedAt: number } | null;

/** GET /zpin/{organisationId}: non-null data means the organisation has a ZPIN. */
export const getZpin = async (organisationId: string) => orThrow(await apiRequest<ZpinStatus>('GET', `/zpin/${encodeURIComponent(organisationId)}`));

export const zpinQuery = (organisationId: string) =>
  queryOptions({ queryKey: ['zpin', organisationId] as const, queryFn: () => getZpin(organisationId), retry: false });

/** Whether a ZPIN exists, read fresh each time the popup opens; a failed lookup counts as no ZPIN (seed 000 §7). */
export async function hasZpin(queryClient: QueryClient, organisationId: string): Promise<boolean> {
  if (!organisationId) return false;
  try {
    return (await queryClient.fetchQuery({ ...zpinQuery(organisationId), staleTime: 0 })) !== null;
  } catch {
    return false;
  }
}
