import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@verigate/contracts';
import { apiRequest, isUnavailable } from './api-client';

export async function getClientConfig(): Promise<ClientConfig> {
  const result = await apiRequest<ClientConfig>('GET', '/config', { anonymous: true });
  if (isUnavailable(result)) throw new Error(result.message);
  return result;
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
