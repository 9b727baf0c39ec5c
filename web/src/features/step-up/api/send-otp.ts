import type { OtpPurpose } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

/** POST /events?action=send_otp {purpose}: mails an OTP to the signed-in user; relay_id names it in the proof. */
export const sendOtp = async (purpose: OtpPurpose) =>
  orThrow(await apiRequest<{ relay_id: string; message: string }>('POST', '/events?action=send_otp', { body: { purpose } }));
