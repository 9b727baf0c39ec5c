import { OTP_RESEND_LIMIT, STEP_UP_MESSAGES } from '@verigate/contracts';

/** The mailing side of an OTP entry: the OTP sent as it opens, and up to OTP_RESEND_LIMIT resends. */
export interface OtpRelayState {
  /** Names the mailed OTP in the proof; null until the first one is sent. */
  relayId: string | null;
  sending: boolean;
  sendError: string | null;
  resendsUsed: number;
  exhausted: boolean;
  resendError: string | null;
  /** When Resend OTP may be pressed again (epoch ms), or null. */
  resendAt: number | null;
}

export type OtpRelayEvent =
  | { type: 'send-started' }
  | { type: 'sent'; relayId: string; resendAt: number }
  | { type: 'send-failed'; message: string }
  | { type: 'resend-started' }
  | { type: 'resent'; relayId: string; resendsLeft: number; resendAt: number }
  | { type: 'resend-failed'; message: string; resendAt: number };

export const initialOtpRelay: OtpRelayState = {
  relayId: null,
  sending: false,
  sendError: null,
  resendsUsed: 0,
  exhausted: false,
  resendError: null,
  resendAt: null,
};

export function otpRelay(state: OtpRelayState, event: OtpRelayEvent): OtpRelayState {
  switch (event.type) {
    case 'send-started':
      return { ...state, sending: true, sendError: null };
    case 'sent':
      return { ...state, sending: false, relayId: event.relayId, resendAt: event.resendAt };
    case 'send-failed':
      return { ...state, sending: false, sendError: event.message };
    case 'resend-started':
      return { ...state, sending: true, resendError: null };
    case 'resent': {
      const resendsUsed = state.resendsUsed + 1;
      const exhausted = event.resendsLeft <= 0 || resendsUsed >= OTP_RESEND_LIMIT;
      return { ...state, sending: false, relayId: event.relayId, resendsUsed, exhausted, resendAt: exhausted ? state.resendAt : event.resendAt };
    }
    case 'resend-failed':
      if (event.message === STEP_UP_MESSAGES.otpResendExhausted) return { ...state, sending: false, exhausted: true };
      // The server's wait outlasted ours (another tab resent): wait again before offering it.
      return {
        ...state,
        sending: false,
        resendError: event.message,
        resendAt: event.message === STEP_UP_MESSAGES.otpResendWait ? event.resendAt : state.resendAt,
      };
  }
}

export const resendsLeft = (state: OtpRelayState) => OTP_RESEND_LIMIT - state.resendsUsed;
