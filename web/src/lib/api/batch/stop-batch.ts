import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stopBatchAction, type ExecuteActionResponse } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** POST /productBatchService/executeAction {action: 'stopBatch/{batchId}'}. */
export const stopBatch = async (batchId: string) =>
  orThrow(await apiRequest<ExecuteActionResponse>('POST', '/productBatchService/executeAction', { body: { action: stopBatchAction(batchId) } }));

export function useStopBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stopBatch, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.batch }) });
}
