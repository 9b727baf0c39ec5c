import { Accordion, Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { STORAGE_KEYS, type ProductView } from '@verigate/contracts';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { categorySlug } from '@/lib/product-categories';
import { storage } from '@/lib/storage';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { useProducts } from '@/lib/api/products/get-products';
import { timing } from '@/lib/timing';
import { showError } from '@/lib/toast';
import { track } from '@/features/onboarding/analytics';
import { useSkipOnboarding } from '@/features/onboarding/api/skip-onboarding';
import { useSubscribeWhileOnboarding } from '@/features/onboarding/api/subscribe-products';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { OnboardingProgress } from '@/features/onboarding/components/onboarding-progress';
import { ProductCard } from '@/features/onboarding/components/product-card';
import { ProductListSkeleton } from '@/features/onboarding/components/product-list-skeleton';
import { TipsDialog } from '@/features/onboarding/components/tips-dialog';
import '@/features/onboarding/onboarding.css';
import { markOrgCreated, readOnboarding, updateOnboarding, useOnboarding, type OnboardingStep } from '@/features/onboarding/onboarding-store';
import { useBlockBack } from '@/features/onboarding/use-block-back';
import type { WelcomeState } from './welcome';

export function SelectServicePage() {
  const organisationId = storage.get(STORAGE_KEYS.organisationId);
  if (!organisationId) return <Navigate to="/onboarding/create-org" replace />;
  return <SelectService organisationId={organisationId} />;
}

/** Categories in the order their first product comes, each with its products. */
function groupByCategory(products: ProductView[]): Array<[string, ProductView[]]> {
  const groups = new Map<string, ProductView[]>();
  for (const product of products) {
    const category = product.category || 'Other';
    groups.set(category, [...(groups.get(category) ?? []), product]);
  }
  return [...groups];
}

function SelectService({ organisationId }: { organisationId: string }) {
  useDocumentTitle('Select products · Verigate');
  useBlockBack();
  const navigate = useNavigate();
  const { selectServiceProgress } = useOnboarding();

  // Reaching this screen means the organisation exists (seed §2 login redirect for ORG_CREATED).
  useEffect(() => {
    if (!readOnboarding().orgCreated) markOrgCreated();
  }, []);

  // Seed §4: the product list loads a moment after the screen opens.
  const [listDue, setListDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setListDue(true), timing('productListDelayMs'));
    return () => clearTimeout(timer);
  }, []);
  const products = useProducts('onboarding', { enabled: listDue });

  const [selected, setSelected] = useState<string[]>([]);
  const subscribe = useSubscribeWhileOnboarding();
  const skip = useSkipOnboarding();
  const [finishing, setFinishing] = useState(false);
  const busy = subscribe.isPending || skip.isPending || finishing;

  // An organisation already past this step (a reload after subscribing) belongs on the dashboard.
  const organisation = useOrganisation();
  const status = organisation.data?.onboarding_status;
  useEffect(() => {
    if (status && status !== 'ORG_CREATED' && !busy) navigate('/application', { replace: true });
  }, [status, busy, navigate]);

  const toggle = (productId: string) => {
    const next = selected.includes(productId) ? selected.filter((id) => id !== productId) : [...selected, productId];
    setSelected(next);
    if (selected.length === 0 && next.length > 0) updateOnboarding({ selectServiceProgress: 50 });
    if (next.length === 0) updateOnboarding({ selectServiceProgress: 10 });
  };

  const onNext = () => {
    subscribe.mutate(
      { organisationId, productIds: selected },
      {
        onSuccess: (results) => {
          updateOnboarding((current) => ({
            selectServiceProgress: 100,
            step_completed: Array.from(new Set<OnboardingStep>([...current.step_completed, 'default_service'])),
          }));
          for (const result of results) {
            track('Products_Subscribed_While_Onboarding', {
              product_id: result.product._id,
              product_name: result.product.name,
              category: result.product.category,
              status: result.status,
            });
          }
          const state: WelcomeState = { subscriptions: results };
          navigate('/welcome', { replace: true, state });
        },
        onError: (error) => showError(error.message),
      },
    );
  };

  const onSkip = () => {
    skip.mutate(organisationId, {
      onSuccess: ({ _id }) => {
        storage.set(STORAGE_KEYS.testAppId, _id);
        updateOnboarding({ appCreated: true });
        setFinishing(true);
      },
      onError: (error) => showError(error.message),
    });
  };

  const groups = products.data ? groupByCategory(products.data) : [];

  return (
    <OnboardingCard title="Select the Products that you wish to test." description="Some Products might require approval" maw={960}>
      <OnboardingProgress label="Product selection progress" value={selectServiceProgress} />

      {(!listDue || products.isPending) && <ProductListSkeleton />}

      {products.isError && (
        <Alert color="red" variant="light" title="The products could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{products.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void products.refetch()} loading={products.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      {products.isSuccess && groups.length === 0 && (
        <Alert color="gray" variant="light" title="No products to test yet">
          No products are offered for testing right now. Skip for now and choose products later from the dashboard.
        </Alert>
      )}

      {groups.length > 0 && (
        <Accordion
          multiple
          variant="separated"
          radius="md"
          order={2}
          defaultValue={groups.map(([category]) => categorySlug(category))}
          styles={{ itemTitle: { flex: 1, minWidth: 0, margin: 0 } }}
        >
          {groups.map(([category, items]) => {
            const ticked = items.filter((product) => selected.includes(product._id)).length;
            return (
              <Accordion.Item key={category} value={categorySlug(category)}>
                <Group wrap="nowrap" gap={0} pr="md">
                  <Accordion.Control>
                    <Text fw={600}>{category}</Text>
                  </Accordion.Control>
                  {ticked > 0 && (
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {ticked} selected
                    </Badge>
                  )}
                </Group>
                <Accordion.Panel>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {items.map((product) => (
                      <ProductCard key={product._id} product={product} checked={selected.includes(product._id)} disabled={busy} onToggle={toggle} />
                    ))}
                  </SimpleGrid>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}

      <Group justify="space-between" gap="sm" wrap="nowrap" className="onboarding-footer">
        <Anchor component="button" type="button" fw={600} onClick={onSkip} disabled={busy}>
          Skip for now
        </Anchor>
        <Group gap="sm" wrap="nowrap">
          <Text fz="sm" c="dimmed" aria-live="polite" visibleFrom="xs">
            {selected.length === 0 ? 'Tick a product to continue' : `${selected.length} selected`}
          </Text>
          <Button miw={150} onClick={onNext} disabled={selected.length === 0 || skip.isPending || finishing} loading={subscribe.isPending}>
            Next
          </Button>
        </Group>
      </Group>

      {finishing && <TipsDialog onDone={() => navigate('/application/dashboard', { replace: true })} />}
    </OnboardingCard>
  );
}
