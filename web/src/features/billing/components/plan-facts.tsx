import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label/value pairs of a plan card, as a description list. */
export function PlanFacts({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
      {children}
    </SimpleGrid>
  );
}

export function PlanFact({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        {children}
        {action}
      </Text>
    </Stack>
  );
}
