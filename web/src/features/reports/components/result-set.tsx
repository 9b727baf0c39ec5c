import { Anchor, Badge, Group, LoadingOverlay, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { REPORT_MAX_PAGES, TXN_STATUS_LABELS, type ReportFilter, type ReportPage, type ReportRow } from '@verigate/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyRecords } from '@/components/empty-records';
import { QueryError } from '@/components/query-error';
import { ExportCsv } from './export-csv';
import { Pager } from './pager';
import { ScrollTable } from '@/components/scroll-table';
import { formatCount, formatZonedTimestamp } from '@/lib/format';

interface ResultSetProps {
  report: UseQueryResult<ReportPage>;
  filter: ReportFilter;
  onPage: (page: number) => void;
  productName: (arn: string) => string;
  appName: (appId: string) => string | undefined;
}

/** The Result Set (seed 001 §2, §3 Report row): the total, the page's calls, the pager and the exports. */
export function ResultSet({ report, filter, onPage, productName, appName }: ResultSetProps) {
  const page = report.data?.data;
  return (
    <Paper component="section" aria-labelledby="result-set-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} pos="relative">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="md" id="result-set-title">
              Result Set
            </Title>
            {page && (
              <Text fz="sm" c="dimmed" aria-live="polite">
                Total: <strong>{formatCount(page.total)}</strong> {page.total === 1 ? 'record' : 'records'}
              </Text>
            )}
          </Stack>
          {page && page.total > 0 && <ExportCsv filter={filter} total={page.total} pageRows={page.rows.length} />}
        </Group>
        {report.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the report">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        ) : report.isError && !page ? (
          <QueryError title="The report could not load" error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
        ) : page && page.total === 0 ? (
          <EmptyRecords />
        ) : page ? (
          <>
            {report.isError && (
              <QueryError title="This page could not load" error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
            )}
            <div style={{ position: 'relative' }}>
              <LoadingOverlay visible={report.isFetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
              <ReportTable rows={page.rows} productName={productName} appName={appName} />
            </div>
            {page.total > REPORT_MAX_PAGES * page.per_page && (
              <Text fz="sm" c="dimmed">
                The first {REPORT_MAX_PAGES} pages are shown; narrow the filters or export the whole result as CSV to see every record.
              </Text>
            )}
            <Pager page={page.page_no} totalPages={page.total_pages} onChange={onPage} disabled={report.isFetching} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12, whiteSpace: 'nowrap' } as const;

function ReportTable({
  rows,
  productName,
  appName,
}: {
  rows: ReportRow[];
  productName: (arn: string) => string;
  appName: (appId: string) => string | undefined;
}) {
  return (
    <ScrollTable label="Result Set table" minWidth={1800}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-labelledby="result-set-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Request time</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Environment</Table.Th>
            <Table.Th scope="col">App</Table.Th>
            <Table.Th scope="col">Request ID</Table.Th>
            <Table.Th scope="col">Task ID</Table.Th>
            <Table.Th scope="col">Group ID</Table.Th>
            <Table.Th scope="col">Response time</Table.Th>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Client IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const app = row.app_id === null ? undefined : appName(row.app_id);
            return (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedTimestamp(row.request_timestamp)}</Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {productName(row.product)}
                  </Text>
                  <Text fz="xs" c="dimmed" style={mono}>
                    {row.product}
                  </Text>
                </Table.Td>
                <Table.Td miw={96}>
                  <Badge color={row.status === 'SUCCESS' ? 'green' : 'red'} variant="light" tt="none">
                    {TXN_STATUS_LABELS[row.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.response_code ?? '—'}</Table.Td>
                <Table.Td>{row.env === 'TEST' ? 'Test' : 'Production'}</Table.Td>
                <Table.Td>
                  {app ? (
                    <>
                      <Text fz="sm">{app}</Text>
                      <Text fz="xs" c="dimmed" style={mono}>
                        {row.app_id}
                      </Text>
                    </>
                  ) : (
                    <Text style={mono}>{row.app_id ?? 'Deleted app'}</Text>
                  )}
                </Table.Td>
                <Table.Td style={mono}>
                  <Anchor component={Link} to={`/application/logs?search=${row.id}`} fz={12} ff="monospace" aria-label={`API log of ${row.id}`}>
                    {row.id}
                  </Anchor>
                </Table.Td>
                <Table.Td style={mono}>{row.task_id}</Table.Td>
                <Table.Td style={mono}>{row.group_id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedTimestamp(row.response_timestamp)}</Table.Td>
                <Table.Td>{row.product_version}</Table.Td>
                <Table.Td style={mono}>{row.client_ip}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
