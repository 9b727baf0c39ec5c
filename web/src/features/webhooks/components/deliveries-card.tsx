import { Badge, Button, Code, Group, LoadingOverlay, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { WEBHOOK_LOGGED_EVENT_TYPES, WEBHOOK_OUTCOMES, type WebhookDelivery, type WebhookEndpoint, type WebhookOutcome } from '@verigate/contracts';
import { Fragment, useState } from 'react';
import { CursorPager, useCursorPages } from '@/components/cursor-pager';
import { QueryError } from '@/components/query-error';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useResend, useWebhookDeliveries, type DeliverySearch } from '../api/webhooks';

export interface DeliveryFilters {
  endpoint_id: string | null;
  event_type: string | null;
  outcome: string | null;
}

const OUTCOME_COLORS: Record<WebhookOutcome, string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };
const OUTCOME_LABELS: Record<WebhookOutcome, string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };
const at = (instant: string) => formatDateTime(Date.parse(instant));

/** The latest attempt in a few words: its HTTP status or what went wrong. */
function lastAnswer(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return 'Not sent yet';
  return last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? 'No answer');
}

/** The delivery log: every event sent to an endpoint, its attempts, and Resend. */
export function DeliveriesCard({
  endpoints,
  filters,
  onFiltersChange,
}: {
  endpoints: WebhookEndpoint[];
  filters: DeliveryFilters;
  onFiltersChange: (filters: DeliveryFilters) => void;
}) {
  const pages = useCursorPages();
  const [open, setOpen] = useState<string | null>(null);
  const search: DeliverySearch = {};
  for (const [name, value] of Object.entries(filters)) if (value) search[name] = value;
  if (pages.cursor) search.cursor = pages.cursor;
  const deliveries = useWebhookDeliveries(search);
  const resend = useResend();
  const change = (name: keyof DeliveryFilters, value: string | null) => {
    pages.reset();
    onFiltersChange({ ...filters, [name]: value });
  };
  const data = deliveries.data;

  return (
    <Paper component="section" aria-labelledby="deliveries-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} pos="relative">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="md" id="deliveries-title">
              Delivery log
            </Title>
            <Text fz="sm" c="dimmed">
              Newest first, 50 a page. Every attempt with its answer; receivers deduplicate on the webhook-id, which a retry keeps.
            </Text>
          </Stack>
          <Button variant="default" size="xs" onClick={() => deliveries.refetch()} loading={deliveries.isFetching && !deliveries.isPending}>
            Refresh
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Endpoint"
            placeholder="All endpoints"
            clearable
            data={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))}
            value={filters.endpoint_id}
            onChange={(value) => change('endpoint_id', value)}
          />
          <Select
            label="Event"
            placeholder="All events"
            clearable
            data={[...WEBHOOK_LOGGED_EVENT_TYPES]}
            value={filters.event_type}
            onChange={(value) => change('event_type', value)}
          />
          <Select
            label="Outcome"
            placeholder="All outcomes"
            clearable
            data={WEBHOOK_OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] }))}
            value={filters.outcome}
            onChange={(value) => change('outcome', value)}
          />
        </SimpleGrid>
        {deliveries.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the deliveries">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        ) : deliveries.isError && !data ? (
          <QueryError title="The delivery log could not load" error={deliveries.error} onRetry={() => deliveries.refetch()} retrying={deliveries.isFetching} />
        ) : data && data.deliveries.length === 0 && pages.isFirst ? (
          <Text fz="sm">No deliveries yet. Send a test event to an endpoint to see one here.</Text>
        ) : data ? (
          <>
            <div style={{ position: 'relative' }}>
              <LoadingOverlay visible={deliveries.isFetching && !pages.isFirst} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
              <ScrollTable label="Webhook deliveries table" minWidth={880}>
                <Table verticalSpacing="xs" fz="sm" aria-label="Webhook deliveries">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Event</Table.Th>
                      <Table.Th>Endpoint</Table.Th>
                      <Table.Th>Outcome</Table.Th>
                      <Table.Th>Attempts</Table.Th>
                      <Table.Th>Last answer</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.deliveries.map((delivery) => (
                      <Fragment key={delivery.id}>
                        <Table.Tr>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{at(delivery.created_at)}</Table.Td>
                          <Table.Td ff="monospace">{delivery.event_type}</Table.Td>
                          <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                            {delivery.endpoint_url}
                          </Table.Td>
                          <Table.Td>
                            {/* A badge shrinks to an ellipsis in a narrow column: the outcome must show whole. */}
                            <Badge color={OUTCOME_COLORS[delivery.outcome]} variant="light" styles={{ label: { overflow: 'visible' } }}>
                              {OUTCOME_LABELS[delivery.outcome]}
                            </Badge>
                            {delivery.next_attempt_at && (
                              <Text fz="xs" c="dimmed">
                                next {at(delivery.next_attempt_at)}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>{delivery.attempts.length}</Table.Td>
                          <Table.Td>{lastAnswer(delivery)}</Table.Td>
                          <Table.Td ta="right">
                            <Group gap="xs" justify="flex-end" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="subtle"
                                aria-expanded={open === delivery.id}
                                aria-label={`Attempts of ${delivery.event_type} at ${at(delivery.created_at)}`}
                                onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                              >
                                {open === delivery.id ? 'Hide attempts' : 'Attempts'}
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                aria-label={`Resend ${delivery.event_type} of ${at(delivery.created_at)}`}
                                loading={resend.isPending && resend.variables?.eventId === delivery.event_id}
                                onClick={() =>
                                  resend.mutate(
                                    { eventId: delivery.event_id, endpointId: delivery.endpoint_id },
                                    { onSuccess: () => showSuccess('The event is being sent again'), onError: reportError },
                                  )
                                }
                              >
                                Resend
                              </Button>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                        {open === delivery.id && (
                          <Table.Tr>
                            <Table.Td colSpan={7} bg="var(--mantine-color-gray-0)">
                              <Attempts delivery={delivery} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </div>
            <CursorPager pages={pages} nextCursor={data.next_cursor} busy={deliveries.isFetching} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <Text fz="sm">No attempt yet: the first is on its way.</Text>;
  return (
    <Stack gap="sm" aria-label={`Attempts of event ${delivery.event_id}`} role="group">
      <Text fz="xs" c="dimmed">
        webhook-id <Code>{delivery.event_id}</Code>
      </Text>
      {delivery.attempts.map((attempt) => (
        <Stack key={attempt.attempt} gap={4}>
          <Group gap="sm">
            <Text fz="sm" fw={600}>
              Attempt {attempt.attempt}
            </Text>
            <Text fz="sm">{at(attempt.attempted_at)}</Text>
            <Badge color={attempt.succeeded ? 'green' : 'red'} variant="light" tt="none">
              {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'No answer')}
            </Badge>
            <Text fz="sm" c="dimmed">
              {attempt.latency_ms} ms
            </Text>
          </Group>
          {attempt.response_body && (
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }}
              tabIndex={0}
              aria-label={`Answer of attempt ${attempt.attempt}`}
            >
              {attempt.response_body}
            </Code>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
