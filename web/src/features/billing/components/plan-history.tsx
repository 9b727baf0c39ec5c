import { Badge, Table } from '@mantine/core';
import type { PlanSubscriptionStatus } from '@verigate/contracts';
import { formatDate } from '@/lib/format';
import { usePlanSubscriptions } from '@/features/billing/api/get-plan-subscriptions';
import { RecordsCard } from './records-card';

const STATUS: Record<PlanSubscriptionStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'green' },
  PAYMENT_PENDING: { label: 'Payment Pending', color: 'yellow' },
  PAYMENT_RECEIVED: { label: 'Payment Received', color: 'brand' },
  EXPIRED: { label: 'Expired', color: 'gray' },
};

const dateOrDash = (epochMs: number | null) => (epochMs === null ? '—' : formatDate(epochMs));

/** Plan History (seed 001 §2, §3 Plan subscription), newest first. */
export function PlanHistory() {
  const history = usePlanSubscriptions();
  return (
    <RecordsCard
      title="Plan History"
      records={history}
      head={
        <>
          <Table.Th scope="col">Plan</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Plan Code</Table.Th>
          <Table.Th scope="col">Requested on</Table.Th>
          <Table.Th scope="col">Start date</Table.Th>
          <Table.Th scope="col">End date</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
        </>
      }
      row={(subscription) => (
        <Table.Tr key={subscription._id}>
          <Table.Td fw={600}>{subscription.plan_name}</Table.Td>
          <Table.Td>{subscription.plan_type}</Table.Td>
          <Table.Td ff="monospace" fz="sm">
            {subscription.plan_code}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(subscription.createdAt)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOrDash(subscription.start_date)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOrDash(subscription.end_date)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS[subscription.status].color} variant="light" tt="none">
              {STATUS[subscription.status].label}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
