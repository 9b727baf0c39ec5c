import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Summary } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /summary: product counts, and once fully onboarded the plan's validity and the wallet balance. */
export const getSummary = async () => orThrow(await apiRequest<Summary>('GET', '/summary'));

export const summaryQuery = queryOptions({ queryKey: queryKeys.summary, queryFn: getSummary });

export const useSummary = () => useQuery(summaryQuery);
