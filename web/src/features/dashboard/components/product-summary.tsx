import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { productsQuery } from '@/lib/api/products/get-products';

/** Subscribed and pending product counts (seed 001 §3 Summary). */
export function ProductSummary() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="product-summary-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="product-summary-title">
            Products
          </Title>
          <Anchor component={Link} to="/application/product-catalog" fz="sm" fw={600}>
            Browse catalog
          </Anchor>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Count label="Subscribed" status="subscribed" />
          <Count label="Pending approval" status="pending_approval" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Count({ label, status }: { label: string; status: 'subscribed' | 'pending_approval' }) {
  const count = useQuery({ ...productsQuery(status), select: (products) => products.length });
  return (
    <Paper bg="gray.0" radius="md" p="md">
      <Stack gap={4}>
        <Text fz="sm" c="dimmed" id={`count-${status}`}>
          {label}
        </Text>
        {count.isPending ? (
          <Skeleton h={32} w={48} />
        ) : count.isError ? (
          <Text fz="sm" c="red.7" role="alert">
            Failed to fetch
          </Text>
        ) : (
          <Text fz={28} fw={700} lh={1.15} aria-labelledby={`count-${status}`}>
            {count.data}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
