import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';

export const signUp = (request: SignUpRequest) => apiRequest<unknown>('POST', '/user', { anonymous: true, body: request });

export const useSignUp = () => useMutation({ mutationFn: signUp });
