import type { QueryClient } from '@tanstack/react-query';
import type { AppView } from '@verigate/contracts';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * After an app action: show its answer (keys, products, whitelist) on the app at once, then refresh
 * every app view (the list's counts, the dashboard's apps, the app itself).
 */
export function patchApp(queryClient: QueryClient, appId: string, patch: Partial<AppView>): void {
  queryClient.setQueryData<AppView>(queryKeys.app(appId), (app) => (app ? { ...app, ...patch } : app));
  void queryClient.invalidateQueries({ queryKey: queryKeys.apps });
}
