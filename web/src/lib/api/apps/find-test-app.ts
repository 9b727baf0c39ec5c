import { STORAGE_KEYS, TEST_APP_NAME } from '@verigate/contracts';
import type { AppsPage } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';
import { createApp } from './create-app';
import { getApps } from './get-apps';

/**
 * The id of the organisation's test app, kept as test_app_id (seed 000 §7): the test app of
 * GET /app?page={page} (the first one listed), else a 'Test App' created now — an organisation
 * that skipped select-service may have none yet.
 */
export async function findTestApp(page: AppsPage, organisationId?: string): Promise<string> {
  const apps = await getApps(page);
  const testApp = apps.find((app) => app.is_test_app) ?? apps[0] ?? (await createApp(TEST_APP_NAME, organisationId));
  storage.set(STORAGE_KEYS.testAppId, testApp._id);
  return testApp._id;
}
