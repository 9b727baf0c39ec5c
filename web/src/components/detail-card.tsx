import { Group, Paper, Stack, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card (a labelled section) with an optional action beside its title. */
export function DetailCard({
  title,
  action,
  headingOrder = 2,
  children,
}: {
  title: string;
  action?: ReactNode;
  headingOrder?: TitleOrder;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={headingOrder} fz="md">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
