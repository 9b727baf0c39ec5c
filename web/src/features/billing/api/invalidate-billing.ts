import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * After a plan, payment or wallet change: every billing read refreshes (the dashboard's summary
 * too), and the organisation, whose status and active plan a plan change can move.
 */
export function invalidateBilling(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.billing });
  void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
}
