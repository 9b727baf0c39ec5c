import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedKey } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { patchApp } from './patch-app';

/** PUT /app/{appId}?action=generate_app_key {keyName}: the key (apiKey) is in this answer only. */
export const generateAppKey = async (appId: string, keyName: string) =>
  orThrow(await apiRequest<GeneratedKey>('PUT', `/app/${encodeURIComponent(appId)}?action=generate_app_key`, { body: { keyName } }));

export function useGenerateAppKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyName: string) => generateAppKey(appId, keyName),
    onSuccess: ({ keys }) => {
      patchApp(queryClient, appId, { keys });
      // The first key on the test app completes onboarding (ONBOARDING_COMPLETED).
      void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
    },
  });
}
