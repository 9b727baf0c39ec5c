import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { isHiddenFromTrial } from '@verigate/catalog';
import { DEFAULT_ERROR_MESSAGE, TRIAL_MESSAGES, type ProductView } from '@verigate/contracts';
import { useState } from 'react';
import { useProducts } from '@/lib/api/products/get-products';
import { useTrialApp } from '@/features/trial/api/get-trial-app';
import { BrowseProductsCard, TrialProductCard } from '@/features/trial/components/trial-product-card';
import { TrialPopup } from '@/features/trial/components/trial-popup';

const failure = (error: unknown) =>
  error instanceof Error && error.message && error.message !== DEFAULT_ERROR_MESSAGE ? error.message : TRIAL_MESSAGES.listFailed;

/**
 * /application/trial-center (seed 001 §2): the subscribed products that still have test credits
 * (the seed's hidden names left out), the Browse Products card, every product awaiting approval,
 * and the trial popup. The list reloads whenever the popup opens or closes.
 */
export function TrialCenterPage() {
  const products = useProducts('trial');
  const pending = useProducts('pending_approval');
  const trialApp = useTrialApp();
  const [selected, setSelected] = useState<ProductView | null>(null);

  const open = (product: ProductView) => {
    setSelected(product);
    void products.refetch();
  };
  const close = () => {
    setSelected(null);
    void products.refetch();
  };

  const trialProducts = (products.data ?? []).filter((product) => !isHiddenFromTrial(product));
  const awaiting = pending.data ?? [];

  return (
    <Stack gap="lg">
      {awaiting.length > 0 && (
        <Alert color="yellow" variant="light" title="Awaiting approval" role="note">
          <Text fz="sm">
            {awaiting.map((product) => product.name).join(', ')} {awaiting.length === 1 ? 'is' : 'are'} awaiting approval; they join the Trial Center once
            approved.
          </Text>
        </Alert>
      )}
      {pending.isError && (
        <Alert color="red" variant="light" role="alert">
          {failure(pending.error)}
        </Alert>
      )}
      {(trialApp.isError || trialApp.data === null) && (
        <Alert color="red" variant="light" role="alert">
          {trialApp.isError ? failure(trialApp.error) : TRIAL_MESSAGES.missingIds}
        </Alert>
      )}
      {products.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-busy="true" aria-label="Loading trial products">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={190} radius="lg" />
          ))}
        </SimpleGrid>
      ) : products.isError ? (
        <Alert color="red" variant="light" title="Trial products could not load" role="alert">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{failure(products.error)}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => products.refetch()} loading={products.isFetching}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          {trialProducts.length === 0 && (
            <Text fz="sm" c="dimmed">
              No subscribed product has trial credits left. Subscribe to a product to try it here.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {trialProducts.map((product) => (
              <TrialProductCard key={product.arn} product={product} onRun={open} />
            ))}
            <BrowseProductsCard />
          </SimpleGrid>
        </>
      )}
      <TrialPopup product={selected} onClose={close} />
    </Stack>
  );
}
