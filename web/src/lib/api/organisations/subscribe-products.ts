import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResult } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { applySubscriptionResults } from '@/lib/api/products/apply-subscription-results';
import { currentOrganisationId } from './get-organisation';

/** PUT /organisation/{id}?action=org_product_subscribe {productIds}: one result per product. */
export const subscribeProducts = async (productIds: string[], organisationId = currentOrganisationId() ?? '') =>
  orThrow(
    await apiRequest<SubscriptionResult[]>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=org_product_subscribe`, {
      body: { productIds },
    }),
  );

export function useSubscribeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => subscribeProducts(productIds),
    onSuccess: (results) => applySubscriptionResults(queryClient, results),
  });
}
