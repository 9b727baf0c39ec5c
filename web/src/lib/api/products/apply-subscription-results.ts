import type { QueryClient } from '@tanstack/react-query';
import type { ProductView, SubscriptionResult } from '@verigate/contracts';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * After a subscribe or unsubscribe: show the returned statuses at once, then refetch every product
 * list, the dashboard's counts (the summary) and the organisation, whose onboarding status may have moved.
 */
export function applySubscriptionResults(queryClient: QueryClient, results: SubscriptionResult[]): void {
  const byId = new Map(results.map((result) => [result.product._id, result]));
  queryClient.setQueryData<ProductView[]>(queryKeys.productList('all'), (products) =>
    products?.map((product) => {
      const result = byId.get(product._id);
      return result ? { ...product, ...result.product, subscription_status: result.status } : product;
    }),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.products });
  void queryClient.invalidateQueries({ queryKey: queryKeys.summary });
  void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
}
