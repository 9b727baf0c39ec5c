import { ActionIcon, Alert, Anchor, Avatar, Badge, Box, CopyButton, Grid, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { APP_MESSAGES, type AppKey, type AppView } from '@verigate/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useStepUp } from '@/components/step-up/use-step-up';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useDeleteApp } from '@/features/apps/api/delete-app';
import { useDeleteAppKey } from '@/features/apps/api/delete-app-key';
import { useApp } from '@/features/apps/api/get-app';
import { useToggleAppKey } from '@/features/apps/api/toggle-app-key';
import { useUpdateAppProducts } from '@/features/apps/api/update-app-products';
import { AddKeyModal } from '@/features/apps/components/add-key-modal';
import { ConfirmModal } from '@/features/apps/components/confirm-modal';
import { GatedButton } from '@/features/apps/components/gated-button';
import { IconCopy, IconPlus, IconSettings, IconTrash } from '@/features/apps/components/icons';
import { KeysTable } from '@/features/apps/components/keys-table';
import { ManageProductsModal } from '@/features/apps/components/manage-products-modal';
import { formatDateTime, initialOf } from '@/features/apps/format';
import './apps.css';
import { DetailCard } from '@/components/detail-card';

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

function AppDetail({ app }: { app: AppView }) {
  const navigate = useNavigate();
  const stepUp = useStepUp();
  const toggleKey = useToggleAppKey(app._id);
  const deleteKey = useDeleteAppKey(app._id);
  const deleteApp = useDeleteApp();
  const updateProducts = useUpdateAppProducts(app._id);
  const [addingKey, setAddingKey] = useState(false);
  const [deletingKey, setDeletingKey] = useState<AppKey | null>(null);
  const [deletingApp, setDeletingApp] = useState(false);
  const [managingProducts, setManagingProducts] = useState(false);
  const [verifyingProducts, setVerifyingProducts] = useState(false);
  const [togglingKey, setTogglingKey] = useState<string | null>(null);

  const test = app.is_test_app;
  const noProductsReason = app.service_access.length === 0 ? NO_PRODUCTS : null;
  const anyKeyEnabled = app.keys.some((key) => key.status === 'ENABLED');
  const appPath = `/application/manage-apps/${encodeURIComponent(app._id)}`;

  const onToggle = async (key: AppKey) => {
    const enable = key.status !== 'ENABLED';
    setTogglingKey(key.key_name);
    try {
      const outcome = await stepUp.verify(`${enable ? 'enable' : 'disable'} the key ${key.key_name}`, (proof) =>
        toggleKey.mutateAsync({ keyName: key.key_name, enable, proof }),
      );
      if (outcome.status === 'done') showSuccess(`Key ${key.key_name} ${enable ? 'enabled' : 'disabled'}`);
    } catch (error) {
      reportError(error);
    } finally {
      setTogglingKey(null);
    }
  };

  const onSaveProducts = async (productIds: string[]) => {
    setVerifyingProducts(true);
    try {
      const outcome = await stepUp.verify(`change the products of ${app.name}`, (proof) => updateProducts.mutateAsync({ productIds, proof }));
      if (outcome.status === 'done') {
        setManagingProducts(false);
        showSuccess('Products of the app updated');
      }
    } catch (error) {
      reportError(error);
    } finally {
      setVerifyingProducts(false);
    }
  };

  const onDeleteKey = (key: AppKey) =>
    deleteKey.mutate(key.key_name, {
      onSuccess: () => {
        setDeletingKey(null);
        showSuccess(`Key ${key.key_name} deleted`);
      },
      onError: (error) => {
        setDeletingKey(null);
        reportError(error);
      },
    });

  const onDeleteApp = () =>
    deleteApp.mutate(app._id, {
      onSuccess: (answer) => {
        showSuccess(answer.message || `App ${app.name} deleted`);
        navigate('/application/manage-apps', { replace: true });
      },
      onError: (error) => {
        setDeletingApp(false);
        reportError(error);
      },
    });

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
        <Group gap="sm" className="app-detail-actions">
          <GatedButton
            reason={noProductsReason}
            variant="default"
            leftSection={<IconSettings size={18} />}
            to={`${appPath}/settings`}
            state={{ appId: app._id }}
          >
            App Settings
          </GatedButton>
          {/* Trial (test apps, to the Trial Center) joins here once that route exists. */}
          {!test && (
            <Tooltip label="Delete app" withArrow>
              <ActionIcon variant="light" color="red" size={42} onClick={() => setDeletingApp(true)} aria-label="Delete app">
                <IconTrash size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard headingOrder={3} title="App Details">
            <Box component="dl" className="app-detail-list">
              <Row label="App ID">
                <Group gap={4} wrap="nowrap">
                  <Text component="span" fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {app._id}
                  </Text>
                  <CopyButton value={app._id} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copied' : 'Copy App ID'} withArrow>
                        <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label="Copy App ID">
                          <IconCopy size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Row>
              <Row label="Name">{app.name}</Row>
              <Row label="Created At">{formatDateTime(app.createdAt)}</Row>
              <Row label="Keys">{app.keys.length}</Row>
              <Row label="Products">{app.service_access.length}</Row>
            </Box>
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard
            headingOrder={3}
            title="Product Level Settings"
            action={
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => setManagingProducts(true)} style={{ whiteSpace: 'nowrap' }}>
                Manage Products
              </Anchor>
            }
          >
            {app.service_access.length === 0 ? (
              <Paper bg="gray.0" radius="md" p="lg" ta="center">
                <Text fw={600}>No products associated</Text>
                <Text fz="sm" c="dimmed" mt={4}>
                  Link a product to get started.
                </Text>
              </Paper>
            ) : (
              <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Products of the app">
                {app.service_access.map((service) => (
                  <Badge component="li" key={service._id} size="lg" variant="light" color="gray" radius="xl" tt="none" fw={600}>
                    {service.name}
                  </Badge>
                ))}
              </Group>
            )}
          </DetailCard>
        </Grid.Col>
      </Grid>

      <DetailCard
        headingOrder={3}
        title="Manage Keys"
        action={
          <GatedButton reason={noProductsReason} size="sm" leftSection={<IconPlus size={16} />} onClick={() => setAddingKey(true)}>
            Add Key
          </GatedButton>
        }
      >
        <KeysTable keys={app.keys} busyKey={togglingKey} onToggle={(key) => void onToggle(key)} onDelete={(key) => setDeletingKey(key)} />
      </DetailCard>

      <AddKeyModal appId={app._id} opened={addingKey} onClose={() => setAddingKey(false)} />
      <ManageProductsModal
        app={app}
        opened={managingProducts}
        saving={updateProducts.isPending}
        verifying={verifyingProducts}
        onSave={(ids) => void onSaveProducts(ids)}
        onClose={() => setManagingProducts(false)}
      />
      <ConfirmModal
        opened={deletingKey !== null}
        title="Delete key"
        confirmLabel="Delete key"
        refusal={deletingKey?.status === 'ENABLED' ? APP_MESSAGES.disableKeyFirst : null}
        pending={deleteKey.isPending}
        onConfirm={() => deletingKey && onDeleteKey(deletingKey)}
        onClose={() => setDeletingKey(null)}
      >
        Delete the key <strong>{deletingKey?.key_name}</strong>? Calls made with it will be refused. This cannot be undone.
      </ConfirmModal>
      <ConfirmModal
        opened={deletingApp}
        title="Delete app"
        confirmLabel="Delete app"
        refusal={anyKeyEnabled ? APP_MESSAGES.disableAllKeys : null}
        pending={deleteApp.isPending}
        onConfirm={onDeleteApp}
        onClose={() => setDeletingApp(false)}
      >
        Delete <strong>{app.name}</strong> with its keys and settings? This cannot be undone.
      </ConfirmModal>
      {stepUp.popup}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-detail-row">
      <Text component="dt" fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading app">
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
