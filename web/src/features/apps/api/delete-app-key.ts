import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppKey } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { patchApp } from '@/lib/api/apps/patch-app';

/** PUT /app/{appId}?action=delete_app_key {keyName}: 409 'Disable the key before deleting one.' while enabled. */
export const deleteAppKey = async (appId: string, keyName: string) =>
  orThrow(await apiRequest<{ keys: AppKey[] }>('PUT', `/app/${encodeURIComponent(appId)}?action=delete_app_key`, { body: { keyName } }));

export function useDeleteAppKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyName: string) => deleteAppKey(appId, keyName),
    onSuccess: ({ keys }) => patchApp(queryClient, appId, { keys }),
  });
}
