import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { appQuery } from './get-app';

/** DELETE /app/{appId}: 409 'Disable all API keys before deleting the app.'; the test app cannot be deleted. */
export const deleteApp = async (appId: string) => orThrow(await apiRequest<MessageResponse>('DELETE', `/app/${encodeURIComponent(appId)}`));

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSuccess: (_answer, appId) => {
      queryClient.removeQueries({ queryKey: appQuery(appId).queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps });
    },
  });
}
