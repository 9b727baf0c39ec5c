import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, TEST_KEY_NAME, type GeneratedKey } from '@verigate/contracts';
import { storage } from '@/lib/storage';
import { getSelectServiceApps } from './get-apps';
import { request } from './request';

/** PUT /app/{appId}?action=generate_app_key: the answer carries the only copy of the key. */
export const generateAppKey = (appId: string, keyName: string) =>
  request<GeneratedKey>('PUT', `/app/${encodeURIComponent(appId)}?action=generate_app_key`, { body: { keyName } });

/** The welcome screen's 'Test Key' on the test app (looked up again if test_app_id was lost). */
export async function generateTestKey(): Promise<GeneratedKey> {
  let appId = storage.get(STORAGE_KEYS.testAppId);
  if (!appId) {
    const [testApp] = await getSelectServiceApps();
    if (!testApp) throw new Error('Your test application could not be found.');
    appId = testApp._id;
    storage.set(STORAGE_KEYS.testAppId, appId);
  }
  return generateAppKey(appId, TEST_KEY_NAME);
}

/** The organisation's onboarding status moves on, so every screen reading it refetches. */
export function useGenerateTestKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateTestKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organisation'] }) });
}
