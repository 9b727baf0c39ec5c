import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResult } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { applySubscriptionResults } from '@/lib/api/products/apply-subscription-results';

/** PUT /organisation/{id}?action=org_product_unsubscribe {productIds}. */
export const unsubscribeProducts = async (productIds: string[]) =>
  orThrow(
    await apiRequest<SubscriptionResult[]>('PUT', `/organisation/${encodeURIComponent(currentOrganisationId() ?? '')}?action=org_product_unsubscribe`, {
      body: { productIds },
    }),
  );

export function useUnsubscribeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeProducts,
    onSuccess: (results) => applySubscriptionResults(queryClient, results),
  });
}
