import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api/client';
import { appQuery } from './get-app';

/** GET /app/{appId}?onlyIpWhitelisted=true: the whitelist, ['ALL'] when every address is allowed. */
export const getIpWhitelist = async (appId: string) =>
  orThrow(await apiRequest<{ ip_whitelisted: string[] }>('GET', `/app/${encodeURIComponent(appId)}?onlyIpWhitelisted=true`));

export const ipWhitelistQuery = (appId: string) =>
  queryOptions({
    queryKey: [...appQuery(appId).queryKey, 'ip-whitelist'] as const,
    queryFn: () => getIpWhitelist(appId),
    select: (answer) => answer.ip_whitelisted,
    retry: false,
  });

export const useIpWhitelist = (appId: string) => useQuery(ipWhitelistQuery(appId));
