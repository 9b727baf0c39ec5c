import { useMutation } from '@tanstack/react-query';
import { ledgerCsvPath, statementPath, type LedgerQuery, type StatementFormat } from '@verigate/contracts';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** A month's statement of the wallet (`YYYY-MM`) as a PDF or CSV, saved to the downloads. */
export async function downloadStatement({ month, format }: { month: string; format: StatementFormat }) {
  const { blob, filename } = await apiDownload(`/api${statementPath(month)}?format=${format}`);
  saveFile(blob, filename ?? `statement-${month}.${format}`);
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });

/** Every ledger entry of a range of days (at most a year) as CSV, saved to the downloads. */
export async function downloadLedger(range: LedgerQuery) {
  const query = new URLSearchParams({ start_date: range.start_date, end_date: range.end_date });
  const { blob, filename } = await apiDownload(`/api${ledgerCsvPath}?${query}`);
  saveFile(blob, filename ?? `ledger-${range.start_date}-to-${range.end_date}.csv`);
}

export const useDownloadLedger = () => useMutation({ mutationFn: downloadLedger });
