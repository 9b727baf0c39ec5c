import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** PUT /organisation/{id}?action=skip_onboarding: answers the test app's id (created if missing). */
export const skipOnboarding = async (organisationId: string) =>
  orThrow(await apiRequest<{ _id: string }>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=skip_onboarding`));

/** The organisation's onboarding status moves on, so every screen reading it refetches. */
export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: skipOnboarding, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisations }) });
}
