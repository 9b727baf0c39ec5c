import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

export const CLIENT_CONFIG_PATH = '/config';

export async function getClientConfig(): Promise<ClientConfig> {
  return orThrow(await apiRequest<ClientConfig>('GET', CLIENT_CONFIG_PATH, { anonymous: true }));
}

export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: getClientConfig,
  staleTime: Infinity,
  retry: 1,
});

/** The runtime settings; the app loads them before any route renders, so this never suspends there. */
export function useClientConfig(): ClientConfig {
  return useSuspenseQuery(clientConfigQuery).data;
}
