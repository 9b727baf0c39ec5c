import { useMutation } from '@tanstack/react-query';
import type { LinkRequest, MessageResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { activationRedirects } from '@/features/auth/redirects';

export const resendVerification = (email: string) =>
  apiRequest<MessageResponse>('POST', '/user/verification-link', {
    anonymous: true,
    body: { email, ...activationRedirects() } satisfies LinkRequest,
  });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
