import { useMutation } from '@tanstack/react-query';
import type { LinkRequest, MessageResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { passwordResetRedirects } from '@/features/auth/redirects';

export const requestPasswordReset = (email: string) =>
  apiRequest<MessageResponse>('POST', '/user/password-reset', {
    anonymous: true,
    body: { email, ...passwordResetRedirects() } satisfies LinkRequest,
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
