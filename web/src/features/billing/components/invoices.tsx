import { ActionIcon, Badge, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { INVOICE_KIND_LABELS, formatRupees } from '@verigate/contracts';
import { IconRefresh } from '@/components/icons';
import { formatDate } from '@/lib/format';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { InvoiceDownloadButton } from './invoice-download-button';
import { RecordsCard } from './records-card';

/** The Invoices tab: a GST tax invoice for every plan payment and a receipt voucher for every top-up, each a PDF. */
export function Invoices() {
  const invoices = useInvoices();
  return (
    <RecordsCard
      title="Invoices"
      minWidth={520}
      action={
        <Tooltip label="Refresh invoices" withArrow>
          <ActionIcon variant="light" size="lg" onClick={() => invoices.refetch()} loading={invoices.isFetching} aria-label="Refresh invoices">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      }
      records={invoices}
      head={
        <>
          <Table.Th scope="col">Number</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Kind</Table.Th>
          <Table.Th scope="col" ta="right">
            Total
          </Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>PDF</VisuallyHidden>
          </Table.Th>
        </>
      }
      row={(invoice) => (
        <Table.Tr key={invoice.id}>
          <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {invoice.number}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.issued_at)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={invoice.kind === 'tax_invoice' ? 'blue' : 'grape'} tt="none">
              {INVOICE_KIND_LABELS[invoice.kind]}
            </Badge>
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatRupees(invoice.total)}
          </Table.Td>
          <Table.Td ta="right">
            <InvoiceDownloadButton invoice={invoice} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
