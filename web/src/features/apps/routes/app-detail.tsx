import { Alert, Avatar, Badge, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { APP_MESSAGES, type AppView } from '@verigate/contracts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IconSettings, IconTrial } from '@/components/icons';
import { useStepUp } from '@/features/step-up';
import { reportError } from '@/lib/server-messages';
import { useApp } from '@/features/apps/api/get-app';
import { AppDetailsCard } from '@/features/apps/components/app-details-card';
import { AppKeysCard } from '@/features/apps/components/app-keys-card';
import { AppProductsCard } from '@/features/apps/components/app-products-card';
import { DeleteAppButton } from '@/features/apps/components/delete-app-button';
import { GatedButton } from '@/components/gated-button';
import { initialOf } from '@/lib/format';
import './apps.css';

const NO_PRODUCTS = 'Add a product to this app first (Manage Products)';

/** /application/manage-apps/{appId}: the app's details, products and keys. */
export function AppDetailPage() {
  const { appId = '' } = useParams();
  const app = useApp(appId);
  const navigate = useNavigate();

  // A failed load shows the error and goes back to the list (seed 000 §8).
  useEffect(() => {
    if (!app.isError) return;
    reportError(app.error);
    navigate('/application/manage-apps', { replace: true });
  }, [app.isError, app.error, navigate]);

  if (!app.data) return <DetailSkeleton />;
  return <AppDetail app={app.data} />;
}

/** The app's banner and title, then its details, products and keys, each card with its own popups. */
function AppDetail({ app }: { app: AppView }) {
  const stepUp = useStepUp();
  const test = app.is_test_app;
  const noProductsReason = app.service_access.length === 0 ? NO_PRODUCTS : null;
  const appPath = `/application/manage-apps/${encodeURIComponent(app._id)}`;

  return (
    <Stack gap="lg">
      <Alert color={test ? 'brand' : 'teal'} variant="light" title={test ? 'This is a test app' : 'This is a live app'} role="note">
        {test
          ? "Its keys call the test environment and spend your products' free test credits; answers come from the sandbox."
          : 'Its keys call the live environment: every billable call is charged to your plan.'}
      </Alert>

      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar color={test ? 'brand' : 'teal'} radius="md" size={48} aria-hidden="true">
            {initialOf(app.name)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                {app.name}
              </Title>
              <Badge color={test ? 'brand' : 'teal'} variant="light" radius="sm" tt="none">
                {test ? 'Test' : 'Live'}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Group gap="sm" align="flex-start" className="app-detail-actions">
          <GatedButton
            reason={noProductsReason}
            variant="default"
            leftSection={<IconSettings size={18} />}
            to={`${appPath}/settings`}
            state={{ appId: app._id }}
          >
            App Settings
          </GatedButton>
          <GatedButton reason={test ? null : APP_MESSAGES.trialLiveApp} variant="default" leftSection={<IconTrial size={18} />} to="/application/trial-center">
            Trial
          </GatedButton>
          {!test && <DeleteAppButton app={app} />}
        </Group>
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AppDetailsCard app={app} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AppProductsCard app={app} verify={stepUp.verify} />
        </Grid.Col>
      </Grid>

      <AppKeysCard app={app} addKeyBlocked={noProductsReason} verify={stepUp.verify} />
      {stepUp.popup}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading app">
      <Skeleton h={72} radius="md" />
      <Group gap="sm">
        <Skeleton h={48} w={48} radius="md" />
        <Skeleton h={24} w={200} />
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton h={220} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton h={220} radius="lg" />
        </Grid.Col>
      </Grid>
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}
