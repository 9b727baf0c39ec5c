import { TEST_APP_NAME, type AppView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';

/** POST /app {name: 'Test App'} with x-org-id: an organisation's first app is its test app (seed 000 §7). */
export const createTestApp = async (organisationId: string) =>
  orThrow(await apiRequest<AppView>('POST', '/app', { headers: { 'x-org-id': organisationId }, body: { name: TEST_APP_NAME } }));
