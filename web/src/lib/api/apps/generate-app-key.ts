import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedKey } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { patchApp } from './patch-app';

export interface GenerateKeyInput {
  keyName: string;
  /** Epoch ms after which the key is refused; omitted: it does not expire. */
  expiresAt?: number;
}

/** PUT /app/{appId}?action=generate_app_key {keyName, expiresAt?}: the key (apiKey) is in this answer only. */
export const generateAppKey = async (appId: string, input: GenerateKeyInput) =>
  orThrow(await apiRequest<GeneratedKey>('PUT', `/app/${encodeURIComponent(appId)}?action=generate_app_key`, { body: input }));

export function useGenerateAppKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateKeyInput) => generateAppKey(appId, input),
    onSuccess: ({ keys }) => {
      patchApp(queryClient, appId, { keys });
      // The first key on the test app completes onboarding (ONBOARDING_COMPLETED).
      void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
    },
  });
}
