import { Stack, Text } from '@mantine/core';

/** An empty table (seed 001 §8): 'No records found!' / 'Looks like you have no records yet in this category.' */
export function EmptyRecords() {
  return (
    <Stack gap={4} align="center" ta="center" py="xl">
      <Text fw={600}>No records found!</Text>
      <Text fz="sm" c="dimmed">
        Looks like you have no records yet in this category.
      </Text>
    </Stack>
  );
}
