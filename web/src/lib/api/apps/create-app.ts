import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { currentOrganisationId } from '@/lib/api/get-organisation';
import { queryKeys } from '@/lib/query-keys';

/** POST /app {name} with x-org-id: a live app (the organisation's first app is its test app). */
export const createApp = async (name: string) =>
  orThrow(await apiRequest<AppView>('POST', '/app', { headers: { 'x-org-id': currentOrganisationId() ?? '' }, body: { name } }));

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
