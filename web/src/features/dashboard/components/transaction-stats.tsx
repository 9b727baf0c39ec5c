import { Group, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { REPORT_MESSAGES, type DateRange, type EnvironmentName } from '@verigate/contracts';
import { useState } from 'react';
import { QueryError } from '@/components/query-error';
import { useApps } from '@/lib/api/apps/get-apps';
import { useTransactionStats } from '@/lib/api/reports/get-transaction-stats';
import { ScrollTable } from '@/components/scroll-table';
import { formatCount } from '@/lib/format';

const ALL_APPS = 'all';

/**
 * The stats table (seed 001 §3 Transaction stats row): per product, the test credits spent and the
 * billable, successful and failed calls over the dashboard's range, for one app or all. The
 * trial/production toggle shows the chosen app's environment and cannot be switched (seed 001 §6).
 */
export function TransactionStatsCard({ range }: { range: DateRange | null }) {
  const apps = useApps('dashboard');
  const [appId, setAppId] = useState(ALL_APPS);
  const app = apps.data?.find((candidate) => candidate._id === appId);
  const env: EnvironmentName | undefined = app ? (app.is_test_app ? 'TEST' : 'PRODUCTION') : undefined;
  const stats = useTransactionStats(range && { ...range, app_id: app?._id, env });
  const appOptions = [{ value: ALL_APPS, label: 'All apps' }, ...(apps.data ?? []).map((item) => ({ value: item._id, label: item.name }))];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="stats-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={3} fz="md" id="stats-title">
            Transaction stats
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="App"
              data={appOptions}
              value={appId}
              onChange={(value) => setAppId(value ?? ALL_APPS)}
              allowDeselect={false}
              searchable
              w={{ base: '100%', xs: 200 }}
            />
            <Tooltip label="Follows the chosen app's environment" withArrow>
              <SegmentedControl
                aria-label="Environment"
                data={[
                  { value: 'TEST', label: 'Trial' },
                  { value: 'PRODUCTION', label: 'Production' },
                ]}
                value={env ?? ''}
                disabled
                size="sm"
              />
            </Tooltip>
          </Group>
        </Group>
        {!range ? null : stats.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading transaction stats">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        ) : stats.isError ? (
          <QueryError title="Transaction stats could not load" error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
        ) : stats.data.stats.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {REPORT_MESSAGES.noDataToDisplay}
          </Text>
        ) : (
          <ScrollTable label="Transaction stats table" minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="stats-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Product</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Test credits
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Billable
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Success
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Failure
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.stats.map((row) => (
                  <Table.Tr key={row.product_arn}>
                    <Table.Th scope="row" fw={500}>
                      {row.product_name}
                    </Table.Th>
                    <Table.Td ta="right">{formatCount(row.test_credits)}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.billable_txn_count)}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.success_txn_count)}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.failure_txn_count)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}
