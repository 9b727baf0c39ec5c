import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResult } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { currentOrganisationId } from '@/lib/api/get-organisation';
import { applySubscriptionResults } from './apply-subscription-results';

/** PUT /organisation/{id}?action=org_product_unsubscribe {productIds}. */
export const unsubscribeProducts = async (productIds: string[]) =>
  orThrow(
    await apiRequest<SubscriptionResult[]>('PUT', `/organisation/${encodeURIComponent(currentOrganisationId() ?? '')}?action=org_product_unsubscribe`, {
      body: { productIds },
    }),
  );

export function useUnsubscribeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => unsubscribeProducts([productId]),
    onSuccess: (results) => applySubscriptionResults(queryClient, results),
  });
}
