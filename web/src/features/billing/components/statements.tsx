import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { LEDGER_MAX_DAYS, addDays, dateRangeProblem, rollupDayOf } from '@verigate/contracts';
import { lazy, Suspense, useState } from 'react';
import { DetailCard } from '@/components/detail-card';
import { IconDownload } from '@/components/icons';
import { reportError } from '@/lib/server-messages';
import { useDownloadLedger, useDownloadStatement } from '@/features/billing/api/download-statement';

const CustomRangeInputs = lazy(async () => ({ default: (await import('@/components/custom-range-inputs')).CustomRangeInputs }));

/** How many months back the statement picker offers. */
const STATEMENT_MONTHS = 24;

/** 'YYYY-MM' months from `current` back, newest first, named as people say them. */
function monthsBack(current: string, count: number) {
  const [year, month] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 1));
    const value = date.toISOString().slice(0, 7);
    return { value, label: date.toLocaleDateString('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' }) };
  }).filter((option) => option.value >= '2020-01');
}

/** The monthly statement (PDF or CSV) and the ledger download for a range of days, both in India time. */
export function Statements() {
  const today = rollupDayOf(new Date());
  const months = monthsBack(today.slice(0, 7), STATEMENT_MONTHS);
  const [month, setMonth] = useState(months[0]!.value);
  const [range, setRange] = useState<[string | null, string | null]>([addDays(today, -29), today]);
  const statement = useDownloadStatement();
  const ledger = useDownloadLedger();
  const [start, end] = range;
  const problem = start && end ? dateRangeProblem({ start_date: start, end_date: end }, LEDGER_MAX_DAYS, today) : null;

  return (
    <DetailCard title="Statements">
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            A month of your wallet: opening balance, every credit, charges per product and day, adjustments and the closing balance.
          </Text>
          <Group align="end" gap="sm" wrap="wrap">
            <Select
              label="Month"
              data={months}
              value={month}
              onChange={(value) => value && setMonth(value)}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={statement.isPending && statement.variables?.format === format}
                onClick={() => statement.mutate({ month, format }, { onError: reportError })}
              >
                {format.toUpperCase()}
              </Button>
            ))}
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            Every wallet ledger entry of a range of days, at most a year, as CSV.
          </Text>
          <Group align="start" gap="sm" wrap="wrap">
            <Suspense fallback={null}>
              <CustomRangeInputs range={range} onChange={setRange} today={today} error={problem} />
            </Suspense>
            <Button
              mt={{ base: 0, xs: 25 }}
              variant="light"
              leftSection={<IconDownload size={16} />}
              disabled={!start || !end || Boolean(problem)}
              loading={ledger.isPending}
              onClick={() => start && end && ledger.mutate({ start_date: start, end_date: end }, { onError: reportError })}
            >
              Ledger CSV
            </Button>
          </Group>
        </Stack>
      </Stack>
    </DetailCard>
  );
}
