import { Badge, Button, Code, CopyButton, Drawer, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ApiLogDetail } from '@verigate/contracts';
import { QueryError } from '@/components/query-error';
import { IconCopy } from '@/components/icons';
import { useLog } from '@/lib/api/logs/get-logs';
import { curlOf } from '../logs-draft';
import { formatZonedTimestamp } from '@/lib/format';
import { formatPaise } from './log-table';

interface LogDrawerProps {
  requestId: string | null;
  timeZone: string;
  onClose: () => void;
}

/** One call: its ids, timings and charge, and its masked request and answer as pretty JSON with copy buttons. */
export function LogDrawer({ requestId, timeZone, onClose }: LogDrawerProps) {
  const log = useLog(requestId, timeZone);
  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="xl"
      title={
        <Title order={2} fz="lg">
          Call details
        </Title>
      }
    >
      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the call">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={28} />
          ))}
        </Stack>
      ) : log.isError ? (
        <QueryError title="The call could not load" error={log.error} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : (
        <LogDetail log={log.data} />
      )}
    </Drawer>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Stack>
  );
}

function CopyText({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy} aria-label={label}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  const id = `log-${title.toLowerCase()}`;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Title order={3} fz="sm" id={id}>
          {title} (masked)
        </Title>
        <CopyText value={text} label={`Copy ${title.toLowerCase()}`} />
      </Group>
      {/* A long body scrolls inside its box, which the keyboard can reach and scroll too. */}
      <ScrollArea.Autosize mah={360} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': id }}>
        <Code block aria-labelledby={id} data-testid={id}>
          {text}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function LogDetail({ log }: { log: ApiLogDetail }) {
  const curl = curlOf(window.location.origin, log);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light" color={log.response_code === 100 ? 'green' : 'red'} tt="none">
          {log.response_code ?? 'no code'} · HTTP {log.http_status}
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {log.env === 'TEST' ? 'Test' : 'Production'}
        </Badge>
        <Badge variant="light" color={log.billable ? 'blue' : 'gray'} tt="none">
          {log.billable ? 'Billable' : 'Non-billable'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Request ID" value={log.request_id} mono />
        <Fact label="Time" value={formatZonedTimestamp(log.created_at)} />
        <Fact label="Task ID" value={log.task_id} mono />
        <Fact label="Group ID" value={log.group_id} mono />
        <Fact label="Product" value={log.product} mono />
        {/* A deleted app's calls keep its id: the audit log's app.deleted event names it. */}
        <Fact label="App" value={log.app_name ?? (log.app_id ? `Deleted app (${log.app_id})` : 'Deleted app')} />
        <Fact label="Key" value={log.key_name ? `${log.key_name} (${log.key_prefix ?? '…'}…)` : '—'} />
        <Fact label="Client IP" value={log.client_ip} mono />
        <Fact label="Total time" value={`${log.total_latency_ms} ms`} />
        <Fact label="Upstream time" value={log.upstream_latency_ms === null ? '—' : `${log.upstream_latency_ms} ms`} />
        <Fact label="Charged" value={formatPaise(log.amount_paise)} />
      </SimpleGrid>
      <Group>
        <CopyText value={curl} label="Copy as cURL" />
        <CopyText value={log.request_id} label="Copy request ID" />
      </Group>
      <JsonBlock title="Request" value={log.request} />
      <JsonBlock title="Response" value={log.response} />
    </Stack>
  );
}
