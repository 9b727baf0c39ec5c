import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys, type AppsPage } from '@/lib/api/query-keys';

/** GET /app?page={page}: the organisation's apps, test app first. */
export const getApps = async (page: AppsPage) => orThrow(await apiRequest<AppView[]>('GET', `/app?page=${page}`));

export const appsQuery = (page: AppsPage) => queryOptions({ queryKey: queryKeys.appList(page), queryFn: () => getApps(page) });

export const useApps = (page: AppsPage) => useQuery(appsQuery(page));
