import { Stack, Text, Title } from '@mantine/core';

/** A product card's name (the card's accessible name, by `id`) and its category. */
export function ProductHeading({ id, name, category }: { id: string; name: string; category: string }) {
  return (
    <Stack gap={4} miw={0}>
      <Title order={3} fz="md" id={id} lh={1.3}>
        {name}
      </Title>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {category}
      </Text>
    </Stack>
  );
}
