import type { OtpPurpose } from '@verigate/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage } from '@/lib/server-messages';
import { timing } from '@/lib/timing';
import { resendOtp } from './api/resend-otp';
import { sendOtp } from './api/send-otp';
import { initialOtpRelay, otpRelay } from './otp-relay';

const nextResendAt = () => Date.now() + timing('otpResendWaitMs');

/**
 * Mails an OTP for `purpose` once as the entry opens (POST /events?action=send_otp), and resends it
 * on request (POST /events?action=resend_otp) after each otpResendWaitMs wait.
 */
export function useOtpRelay(purpose: OtpPurpose) {
  const [state, dispatch] = useReducer(otpRelay, initialOtpRelay);
  const sent = useRef(false);

  const send = useCallback(async () => {
    dispatch({ type: 'send-started' });
    try {
      const answer = await sendOtp(purpose);
      dispatch({ type: 'sent', relayId: answer.relay_id, resendAt: nextResendAt() });
    } catch (error) {
      dispatch({ type: 'send-failed', message: errorMessage(error) });
    }
  }, [purpose]);

  useEffect(() => {
    // Once per entry (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    void send();
  }, [send]);

  /** True when a new OTP was mailed (the typed digits are then stale). */
  const resend = async (): Promise<boolean> => {
    if (!state.relayId) return false;
    dispatch({ type: 'resend-started' });
    try {
      const answer = await resendOtp(state.relayId);
      dispatch({ type: 'resent', relayId: answer.relay_id, resendsLeft: answer.resends_left, resendAt: nextResendAt() });
      return true;
    } catch (error) {
      dispatch({ type: 'resend-failed', message: errorMessage(error), resendAt: nextResendAt() });
      return false;
    }
  };

  return { ...state, send, resend };
}
