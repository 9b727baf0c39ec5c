import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { WEBHOOK_MAX_ENDPOINTS, type WebhookEndpoint } from '@verigate/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { IconPlus } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useDeleteEndpoint, useSendTestEvent, useUpdateEndpoint, useWebhookEndpoints } from '../api/webhooks';
import { EndpointModal } from './endpoint-modal';
import { ReplayModal } from './replay-modal';
import { RotateSecretModal } from './rotate-secret-modal';

/** Enabled, disabled by its owners, or disabled by the server after failing for 3 days. */
function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled)
    return (
      <Badge color={endpoint.disabled_reason === 'failing' ? 'red' : 'gray'} variant="light">
        {endpoint.disabled_reason === 'failing' ? 'Disabled: failing for 3 days' : 'Disabled'}
      </Badge>
    );
  if (endpoint.failing_since)
    return (
      <Stack gap={2}>
        <Badge color="orange" variant="light">
          Failing
        </Badge>
        <Text fz="xs" c="dimmed">
          since {formatDateTime(Date.parse(endpoint.failing_since))}
        </Text>
      </Stack>
    );
  return (
    <Badge color="green" variant="light">
      Enabled
    </Badge>
  );
}

/** The organisation's endpoints, each with its actions; at most ten. */
export function EndpointsCard({ onShowDeliveries }: { onShowDeliveries: (endpointId: string) => void }) {
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [replaying, setReplaying] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const sendTest = useSendTestEvent();
  const list = endpoints.data ?? [];
  const full = list.length >= WEBHOOK_MAX_ENDPOINTS;

  const test = (endpoint: WebhookEndpoint) =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        showSuccess('Test event sent: see its delivery below');
        onShowDeliveries(endpoint.id);
      },
      onError: reportError,
    });
  const toggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { id: endpoint.id, change: { enabled: !endpoint.enabled } },
      { onSuccess: () => showSuccess(endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled'), onError: reportError },
    );

  return (
    <Paper component="section" aria-labelledby="endpoints-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} fz="md" id="endpoints-title">
              Endpoints
            </Title>
            <Text fz="sm" c="dimmed">
              Verigate POSTs each event to the endpoints that receive it, signed by the Standard Webhooks specification, and retries for up to 3 days.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ endpoint: null })} disabled={full || endpoints.isPending}>
            Add endpoint
          </Button>
        </Group>
        {full && (
          <Text fz="sm" c="dimmed">
            An organisation can have at most {WEBHOOK_MAX_ENDPOINTS} endpoints: delete one to add another.
          </Text>
        )}
        {endpoints.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the endpoints">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : endpoints.isError ? (
          <QueryError title="The endpoints could not load" error={endpoints.error} onRetry={() => endpoints.refetch()} retrying={endpoints.isFetching} />
        ) : list.length === 0 ? (
          <Text fz="sm">No endpoints yet. Add one to receive events instead of polling.</Text>
        ) : (
          <ScrollTable label="Webhook endpoints table" minWidth={760}>
            <Table verticalSpacing="sm" aria-label="Webhook endpoints">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((endpoint) => (
                  <Table.Tr key={endpoint.id}>
                    <Table.Td maw={360}>
                      <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {endpoint.url}
                      </Text>
                      {endpoint.description && (
                        <Text fz="xs" c="dimmed">
                          {endpoint.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td fz="sm">{endpoint.events.length === 1 ? endpoint.events[0] : `${endpoint.events.length} events`}</Table.Td>
                    <Table.Td>
                      <EndpointStatus endpoint={endpoint} />
                    </Table.Td>
                    <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(Date.parse(endpoint.created_at))}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => test(endpoint)}
                          loading={sendTest.isPending && sendTest.variables === endpoint.id}
                          disabled={!endpoint.enabled}
                        >
                          Send test event
                        </Button>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="default" size="lg" aria-label={`More actions for ${endpoint.url}`}>
                              <span aria-hidden>⋯</span>
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditing({ endpoint })}>Edit</Menu.Item>
                            <Menu.Item onClick={() => toggle(endpoint)}>{endpoint.enabled ? 'Disable' : 'Enable'}</Menu.Item>
                            <Menu.Item onClick={() => setRotating(endpoint)}>Roll secret</Menu.Item>
                            <Menu.Item onClick={() => setReplaying(endpoint)} disabled={!endpoint.enabled}>
                              Replay events
                            </Menu.Item>
                            <Menu.Item onClick={() => onShowDeliveries(endpoint.id)}>Show deliveries</Menu.Item>
                            <Menu.Divider />
                            <Menu.Item color="red" onClick={() => setDeleting(endpoint)}>
                              Delete
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      <EndpointModal opened={editing !== null} endpoint={editing?.endpoint ?? null} onClose={() => setEditing(null)} />
      <RotateSecretModal endpoint={rotating} onClose={() => setRotating(null)} />
      <ReplayModal endpoint={replaying} onClose={() => setReplaying(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete endpoint"
        confirmLabel="Delete"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              showSuccess(message);
              setDeleting(null);
            },
            onError: reportError,
          })
        }
      >
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {deleting?.url} stops receiving events, and its delivery log is deleted.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
