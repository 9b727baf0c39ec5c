import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';

/** The second step of a sign-in with two-factor on: the challenge the password step answered, and a code. */
async function loginWithCode({ challenge, code }: { challenge: string; code: string }) {
  return apiRequest<LoginResponse>('POST', '/user/login/two-factor', { anonymous: true, body: { challenge, code } });
}

export const useLoginWithCode = () => useMutation({ mutationFn: loginWithCode });
