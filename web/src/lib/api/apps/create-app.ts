import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

/** POST /app {name} with x-org-id: the organisation's first app is its test app, later ones are live apps. */
export const createApp = async (name: string, organisationId = currentOrganisationId() ?? '') =>
  orThrow(await apiRequest<AppView>('POST', '/app', { headers: { 'x-org-id': organisationId }, body: { name } }));

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createApp(name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
