import { Group, Progress, Stack, Text } from '@mantine/core';

/** A step's progress bar (seed 000 §4 values); its label is also the progressbar's accessible name. */
export function OnboardingProgress({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
          {label}
        </Text>
        <Text fz="xs" fw={600} c="dimmed" aria-hidden>
          {value}%
        </Text>
      </Group>
      <Progress value={value} aria-label={label} size="sm" radius="xl" transitionDuration={400} />
    </Stack>
  );
}
