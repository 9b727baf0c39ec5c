import { apiRequest, orThrow } from '@/lib/api/client';

/** POST /zpin {zpin, orgId, relayId, otp}, with an OTP of purpose zpin_create. */
export const createZpin = async (request: { zpin: string; orgId: string; relayId: string; otp: string }) =>
  orThrow(await apiRequest<{ message: string }>('POST', '/zpin', { body: request }));
