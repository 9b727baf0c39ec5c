import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocEntry } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

/** GET /doc: the product documentation entries, showing the organisation's test app id. */
export const getDocEntries = async () => orThrow(await apiRequest<DocEntry[]>('GET', '/doc'));

export const docEntriesQuery = () => queryOptions({ queryKey: ['doc', 'entries'], queryFn: getDocEntries, retry: false, staleTime: 5 * 60_000 });

export const useDocEntries = () => useQuery(docEntriesQuery());
