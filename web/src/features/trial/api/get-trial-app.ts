import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { storedUserId } from '@/lib/api/users/get-user';
import { storage } from '@/lib/storage';

/**
 * GET /app?page=trial-center with x-user-id (seed 001 §7): the organisation's test app, whose id
 * every trial call carries; kept as test_app_id. Null when the organisation has none yet.
 */
export async function getTrialApp(): Promise<AppView | null> {
  const userId = storedUserId();
  const apps = orThrow(await apiRequest<AppView[]>('GET', '/app?page=trial-center', { headers: userId ? { 'x-user-id': userId } : {} }));
  const testApp = apps.find((app) => app.is_test_app) ?? null;
  if (testApp) storage.set(STORAGE_KEYS.testAppId, testApp._id);
  return testApp;
}

export const trialAppQuery = queryOptions({ queryKey: queryKeys.trialApp, queryFn: getTrialApp });

export const useTrialApp = () => useQuery(trialAppQuery);
