import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AppView, ProductView, SubscriptionResult } from '@verigate/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { appsQuery } from './apps/get-apps';
import { patchApp } from './apps/patch-app';
import { organisationQuery } from './organisations/get-organisation';
import { applySubscriptionResults } from './products/apply-subscription-results';
import { productsQuery } from './products/get-products';
import { queryKeys } from './query-keys';
import { countriesQuery } from './reference/get-countries';

let client: QueryClient;
afterEach(() => client?.clear());

/** A cache holding `keys`, each fresh (fetched just now). */
function cacheWith(...keys: QueryKey[]) {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, []);
  return client;
}
const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

const app = { _id: 'app-1', name: 'Test App', keys: [], service_access: [] } as unknown as AppView;

describe('query keys', () => {
  it('gives each read its own key, so two screens never share an entry with different answers', () => {
    const keys = [
      ...(['all', 'subscribed', 'pending_approval', 'onboarding'] as const).map((filter) => productsQuery(filter).queryKey),
      ...(['apps', 'dashboard', 'select-service'] as const).map((page) => appsQuery(page).queryKey),
      queryKeys.app('app-1'),
      organisationQuery('org-1').queryKey,
      countriesQuery.queryKey,
    ];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });

  it('refreshes every product list, whichever screen shows it, through the products root', async () => {
    cacheWith(queryKeys.productList('all'), queryKeys.productList('subscribed'), queryKeys.productList('onboarding'), queryKeys.organisation('org-1'));
    await client.invalidateQueries({ queryKey: queryKeys.products, refetchType: 'none' });
    expect(invalidated(queryKeys.productList('all'))).toBe(true);
    expect(invalidated(queryKeys.productList('subscribed'))).toBe(true);
    expect(invalidated(queryKeys.productList('onboarding'))).toBe(true);
    expect(invalidated(queryKeys.organisation('org-1'))).toBe(false);
  });

  it('refreshes every app list and app through the apps root, and nothing else', async () => {
    cacheWith(queryKeys.appList('apps'), queryKeys.appList('dashboard'), queryKeys.app('app-1'), queryKeys.productList('all'));
    await client.invalidateQueries({ queryKey: queryKeys.apps, refetchType: 'none' });
    expect(invalidated(queryKeys.appList('apps'))).toBe(true);
    expect(invalidated(queryKeys.appList('dashboard'))).toBe(true);
    expect(invalidated(queryKeys.app('app-1'))).toBe(true);
    expect(invalidated(queryKeys.productList('all'))).toBe(false);
  });

  it("refreshes the dashboard's summary with every billing read through the billing root", async () => {
    const planInfo = [...queryKeys.billing, 'plan-info', 'org-1'];
    cacheWith(queryKeys.summary, planInfo, queryKeys.organisation('org-1'), queryKeys.productList('all'));
    await client.invalidateQueries({ queryKey: queryKeys.billing, refetchType: 'none' });
    expect(invalidated(queryKeys.summary)).toBe(true);
    expect(invalidated(planInfo)).toBe(true);
    expect(invalidated(queryKeys.organisation('org-1'))).toBe(false);
    expect(invalidated(queryKeys.productList('all'))).toBe(false);
  });

  it('refreshes the organisation, read by the shell, dashboard and onboarding alike, through its root', async () => {
    cacheWith(queryKeys.organisation('org-1'), queryKeys.user('user-1'));
    await client.invalidateQueries({ queryKey: queryKeys.organisations, refetchType: 'none' });
    expect(invalidated(queryKeys.organisation('org-1'))).toBe(true);
    expect(invalidated(queryKeys.user('user-1'))).toBe(false);
  });
});

describe('mutations update through the keys', () => {
  it('an app action shows its answer on the app at once and refreshes every app view', () => {
    cacheWith(queryKeys.appList('apps'));
    client.setQueryData(queryKeys.app('app-1'), app);
    const keys = [{ key_name: 'Main', status: 'ENABLED', createdAt: 1, updatedAt: 1 }] as AppView['keys'];

    patchApp(client, 'app-1', { keys });

    expect(client.getQueryData<AppView>(queryKeys.app('app-1'))).toMatchObject({ name: 'Test App', keys });
    expect(invalidated(queryKeys.appList('apps'))).toBe(true);
  });

  it('leaves an app that is not loaded unloaded', () => {
    cacheWith();
    patchApp(client, 'app-2', { name: 'Other' });
    expect(client.getQueryData(queryKeys.app('app-2'))).toBeUndefined();
  });

  it('a subscription shows the new status in the catalog at once and refreshes the product lists and the organisation', () => {
    cacheWith(queryKeys.productList('subscribed'), queryKeys.organisation('org-1'));
    const pan = { _id: 'p-1', name: 'PAN Lite', subscription_status: 'NOT_SUBSCRIBED' } as unknown as ProductView;
    const gst = { _id: 'p-2', name: 'GST', subscription_status: 'NOT_SUBSCRIBED' } as unknown as ProductView;
    client.setQueryData(queryKeys.productList('all'), [pan, gst]);
    const result = { product: { ...pan }, status: 'SUBSCRIBED', test_credit: 10 } as unknown as SubscriptionResult;

    applySubscriptionResults(client, [result]);

    expect(client.getQueryData<ProductView[]>(queryKeys.productList('all'))?.map((product) => product.subscription_status)).toEqual([
      'SUBSCRIBED',
      'NOT_SUBSCRIBED',
    ]);
    expect(invalidated(queryKeys.productList('subscribed'))).toBe(true);
    expect(invalidated(queryKeys.organisation('org-1'))).toBe(true);
  });

  it("a subscription refreshes the dashboard's product counts, read from the summary", () => {
    cacheWith(queryKeys.summary);
    applySubscriptionResults(client, []);
    expect(invalidated(queryKeys.summary)).toBe(true);
  });
});
