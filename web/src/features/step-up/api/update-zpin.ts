import { apiRequest, orThrow } from '@/lib/api/client';

/** PUT /zpin/{orgId} {zpin, relayId, otp}, with an OTP of purpose zpin_update (update and Forgot ZPIN). */
export const updateZpin = async (orgId: string, request: { zpin: string; relayId: string; otp: string }) =>
  orThrow(await apiRequest<{ message: string }>('PUT', `/zpin/${encodeURIComponent(orgId)}`, { body: request }));
