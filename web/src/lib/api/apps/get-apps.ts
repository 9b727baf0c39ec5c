import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /app?page=apps: the organisation's apps, test app first. */
export const getApps = async () => orThrow(await apiRequest<AppView[]>('GET', '/app?page=apps'));

export const appsQuery = queryOptions({ queryKey: [...queryKeys.apps, 'apps'] as const, queryFn: getApps });

export const useApps = () => useQuery(appsQuery);
