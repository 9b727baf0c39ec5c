import { Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { BURN_RATE_DAYS, formatRupees, type CallCount, type SpendSummary } from '@verigate/contracts';
import { DetailCard } from '@/components/detail-card';
import { QueryError } from '@/components/query-error';
import { ScrollTable } from '@/components/scroll-table';
import { useSpendSummary } from '@/features/billing/api/spend';
import { formatCount } from '@/lib/format';

const dateOf = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

/** The days the balance lasts, or '—' when nothing was spent (or the plan is not PREPAID). */
export const daysLeftLabel = (days: number | null): string => (days === null ? '—' : `${formatCount(days)} ${days === 1 ? 'day' : 'days'}`);

/** Where the wallet goes: the burn rate of the last 7 days, the days of balance left at it, and the plan period's live calls by response code. */
export function SpendSummaryCard() {
  const summary = useSpendSummary();
  return (
    <DetailCard title="Spend">
      {summary.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading spend">
          <Skeleton h={48} />
          <Skeleton h={96} />
        </Stack>
      ) : summary.isError ? (
        <QueryError title="Spend could not load" error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
      ) : (
        <SpendFigures summary={summary.data} />
      )}
    </DetailCard>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function SpendFigures({ summary }: { summary: SpendSummary }) {
  const billable = summary.calls.filter((row) => row.billable).reduce((sum, row) => sum + row.calls, 0);
  const total = summary.calls.reduce((sum, row) => sum + row.calls, 0);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Figure
          label="Burn rate"
          value={`${formatRupees(summary.burn_rate_per_day)} / day`}
          hint={`Live-call charges of the last ${BURN_RATE_DAYS} days, per day`}
        />
        <Figure label="Balance lasts" value={daysLeftLabel(summary.days_left)} hint="At that rate, from your current balance" />
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} fz="sm">
            Live calls this plan period
          </Text>
          {summary.period_start !== null && (
            <Text fz="xs" c="dimmed">
              {dateOf(summary.period_start)} – {summary.period_end === null ? 'today' : dateOf(summary.period_end)}
            </Text>
          )}
        </Group>
        {total === 0 ? (
          <Text fz="sm" c="dimmed">
            No live calls in this plan period yet.
          </Text>
        ) : (
          <>
            <Text fz="sm">
              {formatCount(billable)} billable, {formatCount(total - billable)} not billable
            </Text>
            <CallsTable calls={summary.calls} />
          </>
        )}
      </Stack>
    </Stack>
  );
}

function CallsTable({ calls }: { calls: CallCount[] }) {
  return (
    <ScrollTable label="Live calls by response code" minWidth={300}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Response code</Table.Th>
            <Table.Th scope="col">Billable</Table.Th>
            <Table.Th scope="col" ta="right">
              Calls
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((row) => (
            <Table.Tr key={`${row.response_code ?? 'none'}-${row.billable}`}>
              <Table.Td>{row.response_code ?? 'No code'}</Table.Td>
              <Table.Td>{row.billable ? 'Yes' : 'No'}</Table.Td>
              <Table.Td ta="right">{formatCount(row.calls)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
