import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordCredentials, MessageResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { encryptCredentials } from '@/lib/crypto';

export const changePassword = async (credentials: ChangePasswordCredentials) =>
  apiRequest<MessageResponse>('PUT', '/user/change-password', { body: await encryptCredentials(credentials) });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
