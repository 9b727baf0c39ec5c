import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedKey, KeyRollOverlap, StepUpProof } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { patchApp } from '@/lib/api/apps/patch-app';

export interface RollKeyInput {
  keyId: string;
  overlap: KeyRollOverlap;
  /** When the new value stops working; absent: never. */
  expiresAt?: number;
  proof: StepUpProof;
}

/** PUT /app/{appId}?action=roll_app_key {keyId, overlap, expiresAt?} + ZPIN or OTP proof: the new key is in this answer only. */
export const rollAppKey = async (appId: string, { proof, ...target }: RollKeyInput) =>
  orThrow(
    await apiRequest<GeneratedKey>('PUT', `/app/${encodeURIComponent(appId)}?action=roll_app_key`, {
      body: { ...target, ...proof },
    }),
  );

export function useRollAppKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RollKeyInput) => rollAppKey(appId, input),
    onSuccess: ({ keys }) => patchApp(queryClient, appId, { keys }),
  });
}
