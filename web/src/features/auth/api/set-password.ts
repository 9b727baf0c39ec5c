import { useMutation } from '@tanstack/react-query';
import type { FirstPasswordCredentials, MessageResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { encryptCredentials } from '@/lib/crypto';

export interface SetPasswordInput {
  userId: string;
  credentials: FirstPasswordCredentials;
}

/** First password: with the emailed link's token, or with the session when replacing an auto-generated one. */
export const setPassword = async ({ userId, credentials }: SetPasswordInput) =>
  apiRequest<MessageResponse>('POST', `/user/password/${encodeURIComponent(userId)}`, {
    anonymous: credentials.token !== undefined,
    body: await encryptCredentials(credentials),
  });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
