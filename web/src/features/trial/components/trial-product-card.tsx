import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProductView } from '@verigate/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductHeading } from '@/components/product-heading';

/** A product with test credits left: name, description, Available Trial Credits and Run Trial (seed 001 §2). */
export function TrialProductCard({ product, onRun }: { product: ProductView; onRun(product: ProductView): void }) {
  const titleId = useId();
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p="md" h="100%">
      <Stack gap="sm" h="100%">
        <ProductHeading id={titleId} name={product.name} category={product.category} />
        <Text fz="sm" c="gray.7" lineClamp={3} style={{ flexGrow: 1 }}>
          {product.short_description}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              Available Trial Credits
            </Text>
            <Text fz="lg" fw={700} aria-label={`Available Trial Credits ${product.remaining_test_credits}`}>
              {product.remaining_test_credits}
            </Text>
          </Stack>
          <Button size="sm" onClick={() => onRun(product)}>
            Run Trial
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The last card: more products in the catalogue. */
export function BrowseProductsCard() {
  return (
    <Paper withBorder radius="lg" p="md" h="100%" style={{ borderStyle: 'dashed' }}>
      <Stack gap="sm" h="100%" justify="center" align="center" ta="center" mih={160}>
        <Title order={3} fz="md">
          Browse Products
        </Title>
        <Text fz="sm" c="dimmed">
          Subscribe to more products to get their free trial credits.
        </Text>
        <Button component={Link} to="/application/product-catalog" variant="light" size="sm">
          Browse Products
        </Button>
      </Stack>
    </Paper>
  );
}
