import { Group, Text } from '@mantine/core';

/** Verigate's mark: a tick on the brand colour. */
export function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark />
      <Text component="span" fw={700} fz="lg" c="dark.8">
        Verigate
      </Text>
    </Group>
  );
}
