import { Loader, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';

/** Step 3 of Create your Organisation: the pause after creation, before the products. */
export function CreatingStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" role="status">
      <Loader size="lg" />
      <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        Setting up your organisation…
      </Title>
      <Text c="dimmed" fz="sm">
        This takes a few seconds. Your product choices come next.
      </Text>
    </Stack>
  );
}
