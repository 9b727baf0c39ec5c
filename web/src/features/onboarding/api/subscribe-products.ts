import { useMutation } from '@tanstack/react-query';
import { findTestApp } from '@/lib/api/apps/find-test-app';
import { subscribeProducts } from '@/lib/api/organisations/subscribe-products';
import { updateOnboarding } from '@/features/onboarding/onboarding-store';

/**
 * Seed 000 §7 select-service Next: make sure the test app exists (the first app listed, else a new
 * 'Test App'), keep its id as test_app_id, then subscribe the ticked products.
 */
export async function subscribeWhileOnboarding({ organisationId, productIds }: { organisationId: string; productIds: string[] }) {
  await findTestApp('select-service', organisationId);
  updateOnboarding({ appCreated: true });
  return subscribeProducts(productIds, organisationId);
}

/**
 * Deliberately leaves the cached organisation alone: select-service sends an organisation that is
 * past ORG_CREATED to the dashboard, and must first hand over to /welcome (which refreshes it).
 */
export const useSubscribeWhileOnboarding = () => useMutation({ mutationFn: subscribeWhileOnboarding });
