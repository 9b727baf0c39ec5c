import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@verigate/contracts';
import { apiRequest } from '@/lib/api/client';
import { endSession } from '@/lib/storage';

export const logout = () => apiRequest<MessageResponse>('POST', '/user/logout');

/** Ends the server session, then forgets everything locally whatever the server answered. */
export const useLogout = () => useMutation({ mutationFn: logout, onSettled: endSession });
