import { Skeleton, Stack, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailCard } from '@/components/detail-card';
import { EmptyRecords } from '@/components/empty-records';
import { QueryError } from '@/components/query-error';
import { ScrollTable } from '@/components/scroll-table';

interface RecordsCardProps<T> {
  title: string;
  action?: ReactNode;
  records: UseQueryResult<T[]>;
  /** The table's head cells. */
  head: ReactNode;
  /** One table row a record. */
  row: (record: T) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
}

/** A titled table of records (Payment History, Plan History): loading, failed, empty or the rows, scrolling sideways on a phone. */
export function RecordsCard<T>({ title, action, records, head, row, minWidth = 720 }: RecordsCardProps<T>) {
  return (
    <DetailCard title={title} action={action}>
      {records.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={36} />
          ))}
        </Stack>
      ) : records.isError ? (
        <QueryError title={`${title} could not load`} error={records.error} onRetry={() => records.refetch()} retrying={records.isFetching} />
      ) : records.data.length === 0 ? (
        <EmptyRecords />
      ) : (
        <ScrollTable label={`${title} table`} minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{records.data.map(row)}</Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </DetailCard>
  );
}
