import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import type { ApiLogSummary } from '@verigate/contracts';
import { formatZonedTimestamp } from '@/lib/format';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const formatPaise = (paise: number) => rupees.format(paise / 100);

const nowrap = { whiteSpace: 'nowrap' } as const;
const mono = { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12, ...nowrap } as const;

/** The page's calls, newest first; a row's request id opens its details. */
export function LogTable({ rows, productName, onOpen }: { rows: ApiLogSummary[]; productName: (arn: string) => string; onOpen: (requestId: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={1200}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-labelledby="logs-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Request ID</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Environment</Table.Th>
            <Table.Th scope="col">App</Table.Th>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Charged</Table.Th>
            <Table.Th scope="col">Time taken</Table.Th>
            <Table.Th scope="col">Client IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.request_id}>
              <Table.Td style={nowrap}>{formatZonedTimestamp(row.created_at)}</Table.Td>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onOpen(row.request_id)}
                  style={{ ...mono, textDecoration: 'underline' }}
                  aria-label={`Details of ${row.request_id}`}
                >
                  {row.request_id}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" fw={500}>
                  {productName(row.product)}
                </Text>
                <Text fz="xs" c="dimmed" style={mono}>
                  {row.product}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A badge shrinks to an ellipsis in a narrow column: the code must show whole. */}
                <Badge color={row.response_code === 100 ? 'green' : 'red'} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
                  {row.response_code ?? `HTTP ${row.http_status}`}
                </Badge>
              </Table.Td>
              <Table.Td style={nowrap}>{row.env === 'TEST' ? 'Test' : 'Production'}</Table.Td>
              <Table.Td style={nowrap}>{row.app_name ?? 'Deleted app'}</Table.Td>
              <Table.Td style={nowrap}>{row.key_name ?? '—'}</Table.Td>
              <Table.Td style={nowrap}>{row.billable ? formatPaise(row.amount_paise) : 'Not charged'}</Table.Td>
              <Table.Td style={nowrap}>{row.total_latency_ms} ms</Table.Td>
              <Table.Td style={mono}>{row.client_ip}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
