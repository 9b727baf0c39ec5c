import { queryOptions } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /app?page=dashboard: the organisation's apps, test app first. */
export const getDashboardApps = async () => orThrow(await apiRequest<AppView[]>('GET', '/app?page=dashboard'));

export const dashboardAppsQuery = queryOptions({ queryKey: [...queryKeys.apps, 'dashboard'], queryFn: getDashboardApps });
