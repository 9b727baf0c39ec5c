import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface OnboardingCardProps {
  title: string;
  description?: ReactNode;
  eyebrow?: ReactNode;
  maw?: number;
  children: ReactNode;
}

/** The card every onboarding screen sits in: its heading (the page's h1) and the step's content. */
export function OnboardingCard({ title, description, eyebrow, maw = 720, children }: OnboardingCardProps) {
  return (
    <Paper component="section" withBorder radius="lg" shadow="xs" p={{ base: 'md', xs: 'lg', sm: 'xl' }} maw={maw} mx="auto">
      <Stack gap="lg">
        <Stack gap={6}>
          {eyebrow}
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
