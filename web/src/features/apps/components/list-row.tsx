import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** One item of a short list (an IP address, a product) with its action on the right. */
export function ListRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" bg="gray.0" px="sm" py={6} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      {children}
      {action}
    </Group>
  );
}
