import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Placeholder cards while the product list is on its way. */
export function ProductListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" role="status">
      <VisuallyHidden>Loading products…</VisuallyHidden>
      {[0, 1].map((group) => (
        <Stack key={group} gap="sm" aria-hidden>
          <Skeleton height={44} radius="md" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {[0, 1, 2, 3].slice(0, group === 0 ? 4 : 2).map((card) => (
              <Skeleton key={card} height={112} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
