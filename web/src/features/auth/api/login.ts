import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginCredentials } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';

export interface LoginInput {
  credentials: LoginCredentials;
  captchaToken: string | null;
}

export async function login({ credentials, captchaToken }: LoginInput) {
  return apiRequest<LoginAnswer>('POST', '/user/login', {
    anonymous: true,
    // Without a solved captcha the header is left out; the server allows that for its test accounts only.
    headers: captchaToken ? { captchaToken } : {},
    // The encryption's code loads on the first sign-in attempt: the login screen draws without it.
    body: await (await import('@/lib/crypto')).encryptCredentials(credentials),
  });
}

export const useLogin = () => useMutation({ mutationFn: login });
