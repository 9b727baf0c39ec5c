import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Summary } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const SUMMARY_PATH = '/summary';

/** GET /summary: product counts, and once fully onboarded the plan's validity and the wallet balance. */
export const getSummary = async () => orThrow(await apiRequest<Summary>('GET', SUMMARY_PATH));

/** Fresh for a few seconds: the dashboard's summary asked for with the page's first data is not asked for again as it mounts. */
export const summaryQuery = queryOptions({ queryKey: queryKeys.summary, queryFn: getSummary, staleTime: 5_000 });

export const useSummary = () => useQuery(summaryQuery);
