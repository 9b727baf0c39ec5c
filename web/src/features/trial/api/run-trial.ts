import { useMutation } from '@tanstack/react-query';
import { splitArn, type ProductDefinition } from '@verigate/catalog';
import { STORAGE_KEYS, TRIAL_MESSAGES, type ProviderEnvelope, type TrialAction } from '@verigate/contracts';
import { apiRequest, ApiError, orThrow } from '@/lib/api/client';
import { storedUserId } from '@/lib/api/users/get-user';
import { storage } from '@/lib/storage';
import type { Payload } from '@/features/trial/form/form-model';

interface TrialCall {
  product: Pick<ProductDefinition, 'arn' | 'form'>;
  action?: TrialAction | undefined;
  payload: Payload;
}

/**
 * POST /demoPortal/product, the single trial call (seed 001 §7): headers app-id, org-id and
 * x-user-id (not for e-sign), the arn and its parts, mode 'sync', the action, and the data.
 * Missing ids stop it before the call with the seed's message.
 */
export async function runTrial({ product, action, payload }: TrialCall): Promise<ProviderEnvelope> {
  const appId = storage.get(STORAGE_KEYS.testAppId);
  const organisationId = storage.get(STORAGE_KEYS.organisationId);
  const userId = storedUserId();
  if (!appId || !organisationId || !userId) throw new ApiError(TRIAL_MESSAGES.missingIds, 0);
  const headers: Record<string, string> = { 'app-id': appId, 'org-id': organisationId };
  if (product.form.sendsUserId) headers['x-user-id'] = userId;
  const body = { arn: product.arn, ...splitArn(product.arn), mode: 'sync', ...(action ? { action } : {}), ...payload.body, data: payload.data };
  return orThrow(await apiRequest<ProviderEnvelope>('POST', '/demoPortal/product', { headers, body }));
}

export const useRunTrial = () => useMutation({ mutationFn: runTrial });
