import { AppShell, Box, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { UserMenu } from './user-menu';

/** Signed-in screens before the dashboard: a top bar and the step being done. */
export function OnboardingLayout() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header px={{ base: 'md', sm: 'xl' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Brand />
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Box py={{ base: 'md', sm: 48 }}>
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
