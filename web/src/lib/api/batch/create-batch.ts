import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type BatchEnvironment, type BatchTypeOption, type CreateTaskResponse } from '@verigate/contracts';
import { apiUploadWithProgress, orThrow, type UploadProgress } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';

export interface NewBatch {
  name: string;
  type: BatchTypeOption;
  file: File;
  /** Rows per minute; 0 for no limit. */
  tpm: number;
  /** test: the sandbox and test credits; live: the live app, charged to the wallet. */
  env: BatchEnvironment;
  onProgress: (progress: UploadProgress) => void;
  /** Cancels the upload. */
  signal?: AbortSignal;
}

/**
 * POST /productBatchService/createTask, multipart (seed 001 §7): the text fields first and the CSV
 * last, so the server knows the batch before the file streams in.
 */
export async function createBatch({ name, type, file, tpm, env, onProgress, signal }: NewBatch) {
  const form = new FormData();
  form.append('user_email', storage.get(STORAGE_KEYS.email) ?? '');
  form.append('batch_type', type.value);
  form.append('batch_name', name.trim());
  form.append('tpm', String(tpm));
  form.append('org_id', currentOrganisationId() ?? '');
  form.append('response_type', type.response_type);
  form.append('env', env);
  form.append('upload_file', file, file.name);
  return orThrow(await apiUploadWithProgress<CreateTaskResponse>('/productBatchService/createTask', form, onProgress, signal));
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBatch, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.batch }) });
}
