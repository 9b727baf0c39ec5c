import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { STORAGE_KEYS, type ProductView, type SubscriptionResult } from '@verigate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { storage } from '@/lib/storage';
import { useGenerateTestKey } from '@/lib/api/apps/generate-test-key';
import { useProducts } from '@/lib/api/products/get-products';
import { queryKeys } from '@/lib/api/query-keys';
import { showError } from '@/lib/toast';
import { KeyDialog } from '@/features/onboarding/components/key-dialog';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { TipsDialog } from '@/features/onboarding/components/tips-dialog';
import { useBlockBack } from '@/features/onboarding/use-block-back';

/** What select-service hands to /welcome in navigation state. */
export interface WelcomeState {
  subscriptions: SubscriptionResult[];
}

interface ListedProduct {
  id: string;
  name: string;
  category: string;
  credits: number | null;
}

const DASHBOARD = '/application/dashboard';

function subscriptionsFrom(state: unknown): SubscriptionResult[] | null {
  if (typeof state !== 'object' || state === null || !('subscriptions' in state)) return null;
  const { subscriptions } = state as WelcomeState;
  return Array.isArray(subscriptions) ? subscriptions : null;
}

const fromProduct = (product: ProductView, credits: number | null): ListedProduct => ({
  id: product._id,
  name: product.name,
  category: product.category,
  credits,
});

export function WelcomePage() {
  if (!storage.get(STORAGE_KEYS.organisationId)) return <Navigate to="/onboarding/create-org" replace />;
  return <Welcome />;
}

function Welcome() {
  useDocumentTitle('Your application is ready · Verigate');
  useBlockBack();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The subscription moved the onboarding status on; the dashboard must not show the old one.
    void queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
  }, [queryClient]);

  // The subscription results come in navigation state; after a reload they are asked for again.
  const subscriptions = subscriptionsFrom(location.state);
  const subscribed = useProducts('subscribed', { enabled: subscriptions === null });
  const pending = useProducts('pending_approval', { enabled: subscriptions === null });

  let approved: ListedProduct[] | null = null;
  let waiting: ListedProduct[] | null = null;
  if (subscriptions) {
    approved = subscriptions.filter((entry) => entry.status === 'SUBSCRIBED').map((entry) => fromProduct(entry.product, entry.test_credit));
    waiting = subscriptions.filter((entry) => entry.status !== 'SUBSCRIBED').map((entry) => fromProduct(entry.product, null));
  } else if (subscribed.data && pending.data) {
    approved = subscribed.data.map((product) => fromProduct(product, product.remaining_test_credits));
    waiting = pending.data.map((product) => fromProduct(product, null));
  }
  const loadError = subscriptions ? null : (subscribed.error ?? pending.error);

  const generateKey = useGenerateTestKey('select-service');
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const busy = generateKey.isPending || apiKey !== null || finishing;

  const onGenerateKey = () =>
    generateKey.mutate(undefined, {
      onSuccess: (result) => setApiKey(result.apiKey),
      onError: (error) => showError(error.message),
    });

  return (
    <OnboardingCard
      title="We have created an application for you"
      description="Your test application is ready. Products approved straight away are already linked to it."
      maw={960}
    >
      {loadError && (
        <Alert color="red" variant="light" title="Your products could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{loadError.message}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => {
                if (subscribed.isError) void subscribed.refetch();
                if (pending.isError) void pending.refetch();
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ProductColumn title="Subscribed Products" products={approved} loading={!approved && !loadError} empty="No products were approved straight away." />
        <ProductColumn title="Waiting for approval" products={waiting} loading={!waiting && !loadError} empty="Nothing is waiting for approval." pending />
      </SimpleGrid>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" miw={150} onClick={() => setFinishing(true)} disabled={busy}>
          Skip for now
        </Button>
        {approved && approved.length > 0 && (
          <Button miw={150} onClick={onGenerateKey} loading={generateKey.isPending} disabled={busy && !generateKey.isPending}>
            Generate Key
          </Button>
        )}
        {approved && approved.length === 0 && (
          <Button miw={150} onClick={() => navigate(DASHBOARD, { replace: true })} disabled={busy}>
            Go to Dashboard
          </Button>
        )}
      </Group>

      <KeyDialog
        apiKey={apiKey}
        onContinue={() => {
          setApiKey(null);
          setFinishing(true);
        }}
      />
      {finishing && <TipsDialog onDone={() => navigate(DASHBOARD, { replace: true })} />}
    </OnboardingCard>
  );
}

interface ProductColumnProps {
  title: string;
  products: ListedProduct[] | null;
  loading: boolean;
  empty: string;
  pending?: boolean;
}

function ProductColumn({ title, products, loading, empty, pending }: ProductColumnProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md" bg={pending ? 'gray.0' : 'brand.0'}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id={headingId}>
            {title}
          </Title>
          {products && (
            <Badge variant="white" color={pending ? 'orange' : 'brand'} aria-hidden>
              {products.length}
            </Badge>
          )}
        </Group>
        {loading && (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={52} radius="md" />
            <Skeleton height={52} radius="md" />
          </Stack>
        )}
        {products?.length === 0 && (
          <Text fz="sm" c="dimmed">
            {empty}
          </Text>
        )}
        {products && products.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {products.map((product) => (
              <Paper component="li" key={product.id} withBorder radius="md" px="sm" py="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    <Text fw={600} fz="sm" truncate>
                      {product.name}
                    </Text>
                    <Text fz="xs" c="dimmed" truncate>
                      {product.category}
                    </Text>
                  </Stack>
                  {pending ? (
                    <Badge size="sm" variant="light" color="orange" style={{ flexShrink: 0 }}>
                      Approval Pending
                    </Badge>
                  ) : (
                    product.credits !== null && (
                      <Text fz="xs" c="dimmed" ta="right" style={{ flexShrink: 0 }}>
                        {product.credits} test calls
                      </Text>
                    )
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
