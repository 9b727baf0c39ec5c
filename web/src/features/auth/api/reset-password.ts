import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetCredentials } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { encryptCredentials } from '@/lib/crypto';

export const resetPassword = async (credentials: ResetCredentials) =>
  apiRequest<MessageResponse>('PUT', '/user/password-reset', {
    anonymous: true,
    body: await encryptCredentials(credentials),
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
