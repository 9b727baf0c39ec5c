import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppView, StepUpProof } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { patchApp } from '@/lib/api/apps/patch-app';
import { visibleProducts } from './get-app';

/** PUT /app/{appId}?action=app_update_subscribed_product {productIds} + ZPIN or OTP proof. */
export const updateAppProducts = async (appId: string, productIds: string[], proof: StepUpProof) =>
  orThrow(
    await apiRequest<{ service_access: AppView['service_access'] }>('PUT', `/app/${encodeURIComponent(appId)}?action=app_update_subscribed_product`, {
      body: { productIds, ...proof },
    }),
  );

export function useUpdateAppProducts(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productIds, proof }: { productIds: string[]; proof: StepUpProof }) => updateAppProducts(appId, productIds, proof),
    onSuccess: ({ service_access }) => patchApp(queryClient, appId, { service_access: visibleProducts(service_access) }),
  });
}
