import { useMutation } from '@tanstack/react-query';
import type { BatchTypeOption } from '@verigate/contracts';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** A batch type's sample CSV (its header and an example row), saved to the downloads. */
export async function downloadBatchSample(type: BatchTypeOption) {
  const { blob, filename } = await apiDownload(type.sample_link);
  saveFile(blob, filename ?? `${type.value}-sample.csv`);
}

export const useDownloadBatchSample = () => useMutation({ mutationFn: downloadBatchSample });
