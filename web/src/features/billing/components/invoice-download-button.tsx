import { Button } from '@mantine/core';
import type { InvoiceSummary } from '@verigate/contracts';
import { IconDownload } from '@/components/icons';
import { reportError } from '@/lib/server-messages';
import { useDownloadInvoice } from '@/features/billing/api/download-invoice';

/** Saves one invoice or receipt as its PDF; `label` is what the button reads (the number, in Payment History). */
export function InvoiceDownloadButton({ invoice, label = 'Download' }: { invoice: InvoiceSummary; label?: string }) {
  const download = useDownloadInvoice();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={download.isPending}
      onClick={() => download.mutate(invoice, { onError: reportError })}
      aria-label={`Download ${invoice.number} (PDF)`}
    >
      {label}
    </Button>
  );
}
