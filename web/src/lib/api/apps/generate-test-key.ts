import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, TEST_KEY_NAME, type GeneratedKey } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { currentOrganisationId } from '@/lib/api/get-organisation';
import { queryKeys } from '@/lib/query-keys';
import { storage } from '@/lib/storage';
import { createTestApp } from './create-test-app';
import { dashboardAppsQuery } from './get-apps';

/** PUT /app/{appId}?action=generate_app_key {keyName}: the key (apiKey) is in this answer only. */
export const generateAppKey = async (appId: string, keyName: string) =>
  orThrow(await apiRequest<GeneratedKey>('PUT', `/app/${encodeURIComponent(appId)}?action=generate_app_key`, { body: { keyName } }));

export interface GeneratedTestKey extends GeneratedKey {
  appId: string;
}

/**
 * The checklist's step 2: a 'Test Key' on the test app. The test app's id is the stored
 * test_app_id, else the test app (first item) of GET /app?page=dashboard, else a 'Test App' created
 * now (an organisation that skipped the select-service screen may have none); the id is then stored.
 */
export function useGenerateTestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<GeneratedTestKey> => {
      let appId = storage.get(STORAGE_KEYS.testAppId);
      if (!appId) {
        const apps = await queryClient.fetchQuery({ ...dashboardAppsQuery, staleTime: 0 });
        const testApp = apps.find((app) => app.is_test_app) ?? apps[0] ?? (await createTestApp(currentOrganisationId() ?? ''));
        appId = testApp._id;
        storage.set(STORAGE_KEYS.testAppId, appId);
      }
      return { ...(await generateAppKey(appId, TEST_KEY_NAME)), appId };
    },
    onSuccess: () => {
      // The first key on the test app moves the organisation to ONBOARDING_COMPLETED.
      void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps });
    },
  });
}
