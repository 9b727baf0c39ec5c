import { ActionIcon, Badge, Table, Tooltip } from '@mantine/core';
import { formatRupees, paymentDisplay, paymentTypeLabel, type PaymentDisplayState } from '@verigate/contracts';
import { IconRefresh } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { usePastPayments } from '@/features/billing/api/get-past-payments';
import { InvoiceDownloadButton } from './invoice-download-button';
import { RecordsCard } from './records-card';

const STATE_COLOR: Record<PaymentDisplayState, string> = { success: 'green', failed: 'red', processing: 'yellow' };

/** Payment History (seed 001 §2, §4 Payment display) with a refresh button. */
export function PaymentHistory() {
  const payments = usePastPayments();
  const invoices = useInvoices();
  // A payment's invoice or receipt, by its order id; none yet for a payment not (or not yet) received.
  const invoiceOf = new Map((invoices.data ?? []).map((invoice) => [invoice.order_id, invoice]));
  return (
    <RecordsCard
      title="Payment History"
      action={
        <Tooltip label="Refresh payment history" withArrow>
          <ActionIcon variant="light" size="lg" onClick={() => payments.refetch()} loading={payments.isFetching} aria-label="Refresh payment history">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      }
      records={payments}
      minWidth={860}
      head={
        <>
          <Table.Th scope="col">Order ID</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Mode</Table.Th>
          <Table.Th scope="col" ta="right">
            Amount
          </Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Invoice</Table.Th>
        </>
      }
      row={(payment) => {
        const display = paymentDisplay(payment.status);
        const invoice = invoiceOf.get(payment.order_id);
        return (
          <Table.Tr key={payment.order_id}>
            <Table.Td ff="monospace" fz="sm">
              {payment.order_id}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.payment_created_at)}</Table.Td>
            <Table.Td>{paymentTypeLabel(payment.payment_type)}</Table.Td>
            <Table.Td>{payment.mode}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(payment.paid_amount)}
            </Table.Td>
            <Table.Td>
              <Badge color={STATE_COLOR[display.state]} variant="light" tt="none" data-state={display.state}>
                {display.label}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {invoice ? <InvoiceDownloadButton invoice={invoice} label={invoice.number} /> : <span aria-label="No invoice">—</span>}
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
