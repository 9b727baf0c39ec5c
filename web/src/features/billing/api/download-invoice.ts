import { useMutation } from '@tanstack/react-query';
import { invoicePdfPath, type InvoiceSummary } from '@verigate/contracts';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** One invoice or receipt as a PDF, saved to the downloads. */
export async function downloadInvoice(invoice: Pick<InvoiceSummary, 'id' | 'number'>) {
  const { blob, filename } = await apiDownload(`/api${invoicePdfPath(encodeURIComponent(invoice.id))}`);
  saveFile(blob, filename ?? `${invoice.number}.pdf`);
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
