import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, useMatches } from '@mantine/core';
import { PRODUCT_MESSAGES, type ProductView } from '@verigate/contracts';
import { useMemo, useState } from 'react';
import { IconSearch } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useSubscribeProducts } from '@/lib/api/organisations/subscribe-products';
import { useProducts } from '@/lib/api/products/get-products';
import { useUnsubscribeProducts } from '@/features/products/api/unsubscribe-products';
import { ALL_CATEGORIES, categoriesOf, categorySlug } from '@/lib/product-categories';
import { SUBSCRIPTION_FILTERS, filterProducts, isSubscriptionFilter, type SubscriptionFilterValue } from '@/features/products/catalog-filters';
import { ProductCard } from '@/features/products/components/product-card';
import { SubscriptionResultModal, type SubscriptionOutcome } from '@/features/products/components/subscription-result-modal';
import { UnsubscribeModal } from '@/features/products/components/unsubscribe-modal';
import './product-catalog.css';
import { READ_MEDIA_AT_ONCE } from '@/lib/use-media';

/** /application/product-catalog (Products). */
export function ProductCatalogPage() {
  const products = useProducts('all');
  const subscribe = useSubscribeProducts();
  const unsubscribe = useUnsubscribeProducts();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [subscription, setSubscription] = useState<SubscriptionFilterValue>('all');
  const [outcome, setOutcome] = useState<SubscriptionOutcome | null>(null);
  const [confirming, setConfirming] = useState<ProductView | null>(null);
  const filterOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' }, READ_MEDIA_AT_ONCE);

  const categories = useMemo(() => categoriesOf(products.data ?? []), [products.data]);
  const activeCategory = categories.includes(category) ? category : ALL_CATEGORIES;
  const visible = useMemo(
    () => filterProducts(products.data ?? [], { search, category: activeCategory, subscription }),
    [products.data, search, activeCategory, subscription],
  );

  const onSubscribe = (product: ProductView) =>
    subscribe.mutate([product._id], {
      onSuccess: (results) => {
        const result = results.find((item) => item.product._id === product._id) ?? results[0];
        if (!result) return;
        setOutcome(
          result.product.auto_approval
            ? { kind: 'granted', productName: result.product.name, testCredit: result.test_credit }
            : { kind: 'submitted', productName: result.product.name },
        );
      },
      onError: reportError,
    });

  const onUnsubscribe = (product: ProductView) =>
    unsubscribe.mutate([product._id], {
      onSuccess: () => {
        setConfirming(null);
        showSuccess(PRODUCT_MESSAGES.unsubscribed);
      },
      onError: reportError,
    });

  const busyId = subscribe.isPending ? subscribe.variables[0] : unsubscribe.isPending ? unsubscribe.variables[0] : undefined;

  const results = products.isPending ? (
    <CatalogSkeleton />
  ) : products.isError ? (
    <QueryError title="Products could not load" error={products.error} onRetry={() => products.refetch()} retrying={products.isFetching} />
  ) : visible.length === 0 ? (
    <Paper withBorder radius="lg" p="xl" ta="center">
      <Text fw={600}>No Products found</Text>
      <Text fz="sm" c="dimmed" mt={4}>
        Try another search, category or filter.
      </Text>
    </Paper>
  ) : (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {visible.map((product) => (
        <ProductCard key={product._id} product={product} busy={busyId === product._id} onSubscribe={onSubscribe} onUnsubscribe={setConfirming} />
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <TextInput
          type="search"
          aria-label="Search products"
          placeholder="Search product here"
          leftSection={<IconSearch size={18} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <SegmentedControl
          aria-label="Subscription filter"
          data={SUBSCRIPTION_FILTERS.map((filter) => ({ value: filter.value, label: filter.label }))}
          value={subscription}
          onChange={(value) => isSubscriptionFilter(value) && setSubscription(value)}
          orientation={filterOrientation}
          fullWidth={filterOrientation === 'vertical'}
          w={{ base: '100%', sm: 'auto' }}
          radius="md"
          classNames={{ input: 'catalog-filter-input' }}
        />
      </Group>
      <Tabs
        value={categorySlug(activeCategory)}
        onChange={(value) => setCategory(categories.find((name) => categorySlug(name) === value) ?? ALL_CATEGORIES)}
        keepMounted={false}
      >
        <Tabs.List aria-label="Product categories" mb="md" className="catalog-tabs-list">
          {categories.map((name) => (
            <Tabs.Tab key={name} value={categorySlug(name)}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {categories.map((name) => (
          <Tabs.Panel key={name} value={categorySlug(name)}>
            {name === activeCategory && results}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text fz="xs" c="dimmed" aria-live="polite">
        {products.isSuccess && `${visible.length} of ${products.data.length} products shown`}
      </Text>
      <SubscriptionResultModal outcome={outcome} onClose={() => setOutcome(null)} />
      <UnsubscribeModal product={confirming} pending={unsubscribe.isPending} onConfirm={onUnsubscribe} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

function CatalogSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 6 }, (_, index) => (
        <Paper key={index} withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Skeleton h={18} w="60%" />
            <Skeleton h={12} w="30%" />
            <Skeleton h={48} />
            <Skeleton h={32} w={110} ml="auto" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
