import { OTP_RESEND_LIMIT, STEP_UP_MESSAGES } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { initialOtpRelay, otpRelay, resendsLeft, type OtpRelayEvent, type OtpRelayState } from './otp-relay';

const run = (state: OtpRelayState, ...events: OtpRelayEvent[]) => events.reduce(otpRelay, state);
const sent = run(initialOtpRelay, { type: 'send-started' }, { type: 'sent', relayId: 'relay-1', resendAt: 30_000 });
const resent = (relayId: string, resendsLeftAfter: number, resendAt: number): OtpRelayEvent[] => [
  { type: 'resend-started' },
  { type: 'resent', relayId, resendsLeft: resendsLeftAfter, resendAt },
];

describe('mailing an OTP', () => {
  it('is sending until the relay id arrives, then waits before offering a resend', () => {
    expect(run(initialOtpRelay, { type: 'send-started' })).toMatchObject({ sending: true, relayId: null });
    expect(sent).toMatchObject({ sending: false, relayId: 'relay-1', resendAt: 30_000, sendError: null });
  });

  it('keeps the reason a send failed until it is tried again', () => {
    const failed = run(initialOtpRelay, { type: 'send-started' }, { type: 'send-failed', message: 'Something went wrong!' });
    expect(failed).toMatchObject({ sending: false, sendError: 'Something went wrong!', relayId: null });
    expect(run(failed, { type: 'send-started' }).sendError).toBeNull();
  });
});

describe('resending it', () => {
  it('counts each resend, takes the new relay id and waits again', () => {
    const state = run(sent, ...resent('relay-2', 2, 70_000));
    expect(state).toMatchObject({ relayId: 'relay-2', resendsUsed: 1, resendAt: 70_000, exhausted: false });
    expect(resendsLeft(state)).toBe(OTP_RESEND_LIMIT - 1);
  });

  it(`stops offering it after ${OTP_RESEND_LIMIT} resends`, () => {
    const state = run(sent, ...resent('relay-2', 2, 1), ...resent('relay-3', 1, 2), ...resent('relay-4', 0, 3));
    expect(state).toMatchObject({ exhausted: true, resendsUsed: OTP_RESEND_LIMIT, relayId: 'relay-4' });
  });

  it('stops when the server says no resends are left, whatever the local count', () => {
    expect(run(sent, ...resent('relay-2', 0, 1)).exhausted).toBe(true);
    expect(run(sent, { type: 'resend-started' }, { type: 'resend-failed', message: STEP_UP_MESSAGES.otpResendExhausted, resendAt: 1 })).toMatchObject({
      exhausted: true,
      resendError: null,
    });
  });

  it("waits again when the server says it is too soon, and shows the server's words", () => {
    const state = run(sent, { type: 'resend-started' }, { type: 'resend-failed', message: STEP_UP_MESSAGES.otpResendWait, resendAt: 99_000 });
    expect(state).toMatchObject({ resendError: STEP_UP_MESSAGES.otpResendWait, resendAt: 99_000, sending: false });
  });

  it('keeps the wait as it was after any other failure', () => {
    const state = run(sent, { type: 'resend-started' }, { type: 'resend-failed', message: 'Something went wrong!', resendAt: 99_000 });
    expect(state).toMatchObject({ resendError: 'Something went wrong!', resendAt: 30_000 });
    expect(run(state, { type: 'resend-started' }).resendError).toBeNull();
  });
});
