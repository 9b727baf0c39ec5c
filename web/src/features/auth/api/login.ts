import { useMutation } from '@tanstack/react-query';
import type { LoginCredentials, LoginResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { encryptCredentials } from '@/lib/crypto';

export interface LoginInput {
  credentials: LoginCredentials;
  captchaToken: string | null;
}

export async function login({ credentials, captchaToken }: LoginInput) {
  return apiRequest<LoginResponse>('POST', '/user/login', {
    anonymous: true,
    // Without a solved captcha the header is left out; the server allows that for its test accounts only.
    headers: captchaToken ? { captchaToken } : {},
    body: await encryptCredentials(credentials),
  });
}

export const useLogin = () => useMutation({ mutationFn: login });
