import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResult } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { currentOrganisationId } from '@/lib/api/get-organisation';
import { applySubscriptionResults } from './apply-subscription-results';

/** PUT /organisation/{id}?action=org_product_subscribe {productIds}. */
export const subscribeProducts = async (productIds: string[]) =>
  orThrow(
    await apiRequest<SubscriptionResult[]>('PUT', `/organisation/${encodeURIComponent(currentOrganisationId() ?? '')}?action=org_product_subscribe`, {
      body: { productIds },
    }),
  );

export function useSubscribeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => subscribeProducts([productId]),
    onSuccess: (results) => applySubscriptionResults(queryClient, results),
  });
}
