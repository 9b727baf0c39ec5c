import { useMutation } from '@tanstack/react-query';
import { request } from './request';

/** PUT /organisation/{id}?action=skip_onboarding: answers the test app's id (created if missing). */
export const skipOnboarding = (organisationId: string) =>
  request<{ _id: string }>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=skip_onboarding`);

export const useSkipOnboarding = () => useMutation({ mutationFn: skipOnboarding });
