import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchDownloadPath, type BatchTask } from '@verigate/contracts';
import { apiDownload } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { saveFile } from '@/lib/save-file';

/** The results CSV of a FINISHED batch (input columns plus response_code, status, message, result), saved to the downloads. */
export async function downloadBatchResults(task: Pick<BatchTask, 'batchId' | 'batchName' | 'downloadUrl'>) {
  const { blob, filename } = await apiDownload(task.downloadUrl ?? batchDownloadPath(task.batchId));
  saveFile(blob, filename ?? `${task.batchName}-results.csv`);
}

/** Downloading marks the batch's results as downloaded: the list is read again. */
export function useDownloadBatchResults() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: downloadBatchResults, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.batch }) });
}
