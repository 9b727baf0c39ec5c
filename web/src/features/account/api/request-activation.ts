import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycFields, MessageResponse, OnboardingStatus } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { submitKyc, type KycFiles } from './submit-kyc';

/** POST /events?action=account_activation_request (no body): needs the KYC on file. */
export const requestActivation = async () =>
  orThrow(await apiRequest<MessageResponse & { onboarding_status?: OnboardingStatus }>('POST', '/events?action=account_activation_request'));

export type ActivationPhase = 'uploading' | 'requesting';

interface ActivationInput {
  fields: KycFields;
  files: KycFiles;
  onPhase: (phase: ActivationPhase) => void;
}

/** The activation form's submit: upload the KYC, then ask for activation. */
export function useRequestActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, files, onPhase }: ActivationInput) => {
      onPhase('uploading');
      await submitKyc(currentOrganisationId() ?? '', fields, files);
      onPhase('requesting');
      return requestActivation();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisations }),
  });
}
