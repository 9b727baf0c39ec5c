import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycFields } from '@verigate/contracts';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { requestActivation } from '@/lib/api/organisations/request-activation';
import { queryKeys } from '@/lib/api/query-keys';
import { submitKyc, type KycFiles } from './submit-kyc';

export type ActivationPhase = 'uploading' | 'requesting';

interface ActivationInput {
  fields: KycFields;
  files: KycFiles;
  onPhase: (phase: ActivationPhase) => void;
}

/** The activation form's submit: upload the KYC, then ask for activation. */
export function useSubmitActivation() {
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
