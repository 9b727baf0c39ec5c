import { Alert, Button, Card, Code, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { CursorPager, useCursorPages } from '@/components/cursor-pager';
import { useTeam } from '@/lib/api/members/get-team';
import { formatZonedTimestamp } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { showError } from '@/lib/toast';
import { downloadAuditLog, useAuditLog, type AuditSearch } from '../api/get-audit-log';

/** The families of actions a filter offers; the server also takes an exact action (`member.invited`). */
const ACTION_FAMILIES = [
  { value: 'user', label: 'Sign-ins and two-factor' },
  { value: 'member', label: 'Members and invitations' },
  { value: 'organisation', label: 'Organisation settings' },
  { value: 'app', label: 'Apps, whitelists and app products' },
  { value: 'key', label: 'API keys' },
  { value: 'plan', label: 'Plans' },
  { value: 'payment', label: 'Payments' },
  { value: 'product', label: 'Product approvals' },
  { value: 'otp', label: 'Emailed OTPs' },
  { value: 'stepup', label: 'Failed step-ups' },
  { value: 'batch', label: 'Batches' },
];

const EMPTY: AuditSearch = { member: '', action: '', start_date: '', end_date: '' };

const nowrap = { whiteSpace: 'nowrap' } as const;

/** What the change was: its details as stored, before and after included. */
const ChangeDetails = ({ details }: { details: Record<string, unknown> }) => (
  <Code block fz="xs" style={{ maxWidth: 420, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
    {JSON.stringify(details, null, 1)}
  </Code>
);

/**
 * /application/audit-log (owners and admins): who changed what and when, from which address and
 * browser, with the change's before and after; filtered, paged newest first, exported as CSV.
 */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditSearch>(EMPTY);
  const pages = useCursorPages();
  const search = { ...filters, ...(pages.cursor ? { cursor: pages.cursor } : {}) };
  const log = useAuditLog(search);
  const team = useTeam();
  const [exporting, setExporting] = useState(false);
  const datesIncomplete = (filters.start_date === '') !== (filters.end_date === '');

  const change = (name: keyof typeof EMPTY, value: string) => {
    pages.reset();
    setFilters((current) => ({ ...current, [name]: value }));
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await downloadAuditLog(filters);
      saveFile(file.blob, file.filename ?? 'audit-log.csv');
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="audit-title">
            Audit Log
          </Title>
          <Button variant="default" onClick={exportCsv} loading={exporting} disabled={datesIncomplete}>
            Export CSV
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Member"
            placeholder="All members"
            data={(team.data?.members ?? []).map((member) => ({ value: member.user_id, label: member.email }))}
            value={filters.member || null}
            onChange={(value) => change('member', value ?? '')}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label="Action"
            placeholder="All actions"
            data={ACTION_FAMILIES}
            value={filters.action || null}
            onChange={(value) => change('action', value ?? '')}
            clearable
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.start_date}
            onChange={(event) => change('start_date', event.currentTarget.value)}
            w={{ base: '100%', sm: 170 }}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.end_date}
            onChange={(event) => change('end_date', event.currentTarget.value)}
            w={{ base: '100%', sm: 170 }}
          />
        </Group>
        {datesIncomplete && (
          <Text fz="sm" c="orange.9">
            Choose both dates to filter by time.
          </Text>
        )}
        {log.isPending && <Loader size="sm" role="status" aria-label="Loading the audit log" />}
        {log.isError && <Alert color="red">{log.error.message}</Alert>}
        {log.data && log.data.entries.length === 0 && <Text c="gray.7">No audited actions match these filters.</Text>}
        {log.data && log.data.entries.length > 0 && (
          <Stack gap="xs" hiddenFrom="sm" component="ul" aria-label="Audit Log entries" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {log.data.entries.map((entry) => (
              <Card key={entry.id} component="li" withBorder radius="sm" padding="sm">
                <Stack gap={4}>
                  <Code style={{ alignSelf: 'flex-start' }}>{entry.action}</Code>
                  <Text fz="sm">{entry.actor}</Text>
                  <Text fz="xs" c="gray.7">
                    {formatZonedTimestamp(entry.created_at)} · {entry.ip ?? '—'}
                    {entry.browser ? ` · ${entry.browser}` : ''}
                  </Text>
                  {Object.keys(entry.details).length > 0 && <ChangeDetails details={entry.details} />}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
        {log.data && log.data.entries.length > 0 && (
          <Table.ScrollContainer minWidth={900} visibleFrom="sm">
            <Table striped verticalSpacing="xs" fz="sm" aria-labelledby="audit-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={nowrap}>{formatZonedTimestamp(entry.created_at)}</Table.Td>
                    <Table.Td>{entry.actor}</Table.Td>
                    <Table.Td style={nowrap}>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{entry.ip ?? '—'}</Text>
                      {entry.browser && (
                        <Text fz="xs" c="gray.7">
                          {entry.browser}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{Object.keys(entry.details).length > 0 ? <ChangeDetails details={entry.details} /> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.data && <CursorPager pages={pages} nextCursor={log.data.next_cursor} busy={log.isFetching} />}
      </Stack>
    </Card>
  );
}
