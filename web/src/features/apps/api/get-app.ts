import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Internal products that never show on an app (seed 000 §7). */
const HIDDEN_PRODUCTS = new Set(['merchantreports', 'okyc']);

export const visibleProducts = (services: AppView['service_access']) =>
  services.filter((service) => !HIDDEN_PRODUCTS.has(service.name.toLowerCase().replace(/\s+/g, '')));

/** GET /app/{appId}: the app with its keys and products (merchantreports and okyc filtered out). */
export const getApp = async (appId: string) => {
  const app = orThrow(await apiRequest<AppView>('GET', `/app/${encodeURIComponent(appId)}`));
  return { ...app, service_access: visibleProducts(app.service_access) };
};

export const appQuery = (appId: string) => queryOptions({ queryKey: queryKeys.app(appId), queryFn: () => getApp(appId), retry: false });

export const useApp = (appId: string) => useQuery(appQuery(appId));
