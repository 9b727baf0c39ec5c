import { useMutation } from '@tanstack/react-query';
import { STORAGE_KEYS, TEST_APP_NAME, type ProductIdsRequest, type SubscriptionResult } from '@verigate/contracts';
import { storage } from '@/lib/storage';
import { updateOnboarding } from '@/features/onboarding/onboarding-store';
import { createApp } from './create-app';
import { getSelectServiceApps } from './get-apps';
import { request } from './request';

/** PUT /organisation/{id}?action=org_product_subscribe */
export const subscribeProducts = (organisationId: string, body: ProductIdsRequest) =>
  request<SubscriptionResult[]>('PUT', `/organisation/${encodeURIComponent(organisationId)}?action=org_product_subscribe`, { body });

/**
 * Seed 000 §7 select-service Next: make sure the test app exists (the first app listed, else a new
 * 'Test App'), keep its id as test_app_id, then subscribe the ticked products.
 */
export async function subscribeWhileOnboarding({ organisationId, productIds }: { organisationId: string; productIds: string[] }) {
  const [existing] = await getSelectServiceApps();
  const testAppId = existing?._id ?? (await createApp(organisationId, TEST_APP_NAME))._id;
  storage.set(STORAGE_KEYS.testAppId, testAppId);
  updateOnboarding({ appCreated: true });
  return subscribeProducts(organisationId, { productIds });
}

/**
 * Deliberately leaves the cached organisation alone: select-service sends an organisation that is
 * past ORG_CREATED to the dashboard, and must first hand over to /welcome (which refreshes it).
 */
export const useSubscribeWhileOnboarding = () => useMutation({ mutationFn: subscribeWhileOnboarding });
