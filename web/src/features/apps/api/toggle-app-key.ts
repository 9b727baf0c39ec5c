import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppKey, StepUpProof } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { patchApp } from '@/lib/api/apps/patch-app';

export interface ToggleKeyInput {
  keyName: string;
  enable: boolean;
  proof: StepUpProof;
}

/** PUT /app/{appId}?action=enable_app_key | disable_app_key {keyName} + ZPIN or OTP proof. */
export const toggleAppKey = async (appId: string, { keyName, enable, proof }: ToggleKeyInput) =>
  orThrow(
    await apiRequest<{ keys: AppKey[] }>('PUT', `/app/${encodeURIComponent(appId)}?action=${enable ? 'enable_app_key' : 'disable_app_key'}`, {
      body: { keyName, ...proof },
    }),
  );

export function useToggleAppKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ToggleKeyInput) => toggleAppKey(appId, input),
    onSuccess: ({ keys }) => patchApp(queryClient, appId, { keys }),
  });
}
