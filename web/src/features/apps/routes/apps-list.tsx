import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { APP_MESSAGES, FULLY_ONBOARDED } from '@verigate/contracts';
import { useState } from 'react';
import { QueryError } from '@/components/query-error';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { useApps } from '@/lib/api/apps/get-apps';
import { AppCard } from '@/features/apps/components/app-card';
import { GatedButton } from '@/components/gated-button';
import { RoleGate } from '@/components/role-gate';
import { NewAppModal } from '@/features/apps/components/new-app-modal';
import './apps.css';

/** /application/manage-apps (Apps). */
export function AppsListPage() {
  const apps = useApps('apps');
  const organisation = useOrganisation();
  const [creating, setCreating] = useState(false);
  const canCreate = organisation.data?.onboarding_status === FULLY_ONBOARDED;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="md">
        <Text c="gray.7" fz="sm" maw={640}>
          Each app has its own API keys, products and IP whitelist. Your test app calls the test environment; live apps call the live one.
        </Text>
        <RoleGate permission="apps.manage">
          {(refused) => (
            <GatedButton
              reason={organisation.isPending || refused || canCreate ? null : APP_MESSAGES.subscribePlan}
              disabled={organisation.isPending || refused}
              onClick={() => setCreating(true)}
            >
              New App
            </GatedButton>
          )}
        </RoleGate>
      </Group>
      {apps.isPending ? (
        <AppsSkeleton />
      ) : apps.isError ? (
        <QueryError title="Apps could not load" error={apps.error} onRetry={() => apps.refetch()} retrying={apps.isFetching} />
      ) : apps.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={600}>No Apps found</Text>
          <Text fz="sm" c="dimmed" mt={4}>
            {canCreate ? 'Create an app with New App.' : 'Your test app appears here once onboarding creates it.'}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {apps.data.map((app) => (
            <AppCard key={app._id} app={app} />
          ))}
        </SimpleGrid>
      )}
      <NewAppModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function AppsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-busy="true" aria-label="Loading apps">
      {Array.from({ length: 3 }, (_, index) => (
        <Paper key={index} withBorder radius="lg" p="md">
          <Stack gap="md">
            <Group gap="sm">
              <Skeleton h={44} w={44} radius="md" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={16} w="60%" />
                <Skeleton h={10} w="40%" />
              </Stack>
            </Group>
            <Group grow>
              <Skeleton h={52} />
              <Skeleton h={52} />
            </Group>
            <Skeleton h={32} w={100} ml="auto" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
