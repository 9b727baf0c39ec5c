import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, TEST_KEY_NAME, type GeneratedKey } from '@verigate/contracts';
import { queryKeys, type AppsPage } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';
import { findTestApp } from './find-test-app';
import { generateAppKey } from './generate-app-key';

export interface GeneratedTestKey extends GeneratedKey {
  appId: string;
}

/**
 * A 'Test Key' on the test app: the welcome screen's Generate Key and the checklist's step 2. The
 * app is the stored test_app_id, else the one findTestApp finds on `page`.
 */
export function useGenerateTestKey(page: AppsPage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<GeneratedTestKey> => {
      const appId = storage.get(STORAGE_KEYS.testAppId) ?? (await findTestApp(page));
      return { ...(await generateAppKey(appId, { keyName: TEST_KEY_NAME })), appId };
    },
    onSuccess: () => {
      // The first key on the test app moves the organisation to ONBOARDING_COMPLETED.
      void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps });
    },
  });
}
