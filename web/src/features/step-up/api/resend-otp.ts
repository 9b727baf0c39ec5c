import { apiRequest, orThrow } from '@/lib/api/client';

/** POST /events?action=resend_otp {relay_id}: mails the OTP again (3 times at most, 30 s apart). */
export const resendOtp = async (relayId: string) =>
  orThrow(await apiRequest<{ relay_id: string; resends_left: number }>('POST', '/events?action=resend_otp', { body: { relay_id: relayId } }));
