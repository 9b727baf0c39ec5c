import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from './request';

/** PUT /organisation/{id}?action=skip_onboarding: answers the test app's id (created if missing). */
export const skipOnboarding = (organisationId: string) =>
  request<{ _id: string }>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=skip_onboarding`);

/** The organisation's onboarding status moves on, so every screen reading it refetches. */
export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: skipOnboarding, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organisation'] }) });
}
