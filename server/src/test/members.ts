import { TEST_ADMIN_TOKEN, type TestServer } from './harness.js';

export interface SubscribedMember {
  token: string;
  userId: string;
  email: string;
  orgId: string;
  appId: string;
}

/**
 * A signed-in member of a new organisation with its test app and `arns` subscribed, approved by an
 * operator where a product needs it (the server must run with ADMIN_TOKEN = TEST_ADMIN_TOKEN).
 */
export async function subscribedMember(server: TestServer, email: string, arns: string[]): Promise<SubscribedMember> {
  const { token, userId } = await server.signedInUser(email);
  const orgId = await server.createOrganisation(token);
  const app = await server.request('POST', '/api/app', { token, body: { name: 'Test App' } });
  const subscribed = await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token, body: { productIds: arns } });
  for (const item of subscribed.body.data as Array<{ status: string; product: { arn: string } }>) {
    if (item.status !== 'PENDING_APPROVAL') continue;
    await server.request('POST', '/api/admin/product-requests/approve', {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-operator': 'tests' },
      body: { organisationId: orgId, arn: item.product.arn },
    });
  }
  return { token, userId, email, orgId, appId: app.body.data._id };
}
