import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { OTP_LENGTH, OTP_RESEND_LIMIT, STEP_UP_MESSAGES, STORAGE_KEYS } from '@verigate/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { resendOtp } from '@/lib/api/step-up/resend-otp';
import { sendOtp, type OtpPurpose } from '@/lib/api/step-up/send-otp';
import { errorMessage } from '@/lib/server-messages';
import { storage } from '@/lib/storage';
import { timing } from '@/lib/timing';
import { CodeInput, codeProblem, useCode } from './code-input';
import { formatCountdown, useCountdown } from './use-countdown';

/** What became of an OTP: accepted, refused as wrong or expired, or refused for another reason. */
export type OtpVerdict = 'accepted' | 'invalid' | 'expired' | { message: string };

interface OtpEntryProps {
  purpose: OtpPurpose;
  /** 'OTP is invalid!, please re-enter', or the creation flow's 'OTP Is not valid, please re-enter'. */
  invalidMessage: string;
  submitLabel: string;
  onSubmit: (relayId: string, otp: string) => Promise<OtpVerdict>;
  /** Shown above the boxes (the ZPIN fallback notice). */
  notice?: string;
  /** Links above the buttons (Use ZPIN, Forgot ZPIN, Back). */
  links?: ReactNode;
  onCancel: () => void;
  /** Tells the popup a request is under way, so it cannot be closed mid-call. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Mails an OTP as it opens (POST /events?action=send_otp {purpose}), then takes the 6 digits.
 * 'Resend OTP' is offered at most OTP_RESEND_LIMIT times, each after a visible 30 s countdown.
 */
export function OtpEntry({ purpose, invalidMessage, submitLabel, onSubmit, notice, links, onCancel, onBusyChange }: OtpEntryProps) {
  const code = useCode(OTP_LENGTH);
  const [relayId, setRelayId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [resendsUsed, setResendsUsed] = useState(0);
  const [exhausted, setExhausted] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalTimer = useRef<number | undefined>(undefined);
  const sent = useRef(false);
  const waitLeft = useCountdown(resendAt);
  const email = storage.get(STORAGE_KEYS.email);
  const waitId = useId();

  const busy = sending || submitting;
  useEffect(() => {
    onBusyChange?.(busy);
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);
  useEffect(() => () => window.clearTimeout(refusalTimer.current), []);

  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      const answer = await sendOtp(purpose);
      setRelayId(answer.relay_id);
      setResendAt(Date.now() + timing('otpResendWaitMs'));
    } catch (error) {
      setSendError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    // Once per entry (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    void send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const resend = async () => {
    if (!relayId) return;
    setSending(true);
    setResendError(null);
    try {
      const answer = await resendOtp(relayId);
      const used = resendsUsed + 1;
      setResendsUsed(used);
      setRelayId(answer.relay_id);
      if (answer.resends_left <= 0 || used >= OTP_RESEND_LIMIT) setExhausted(true);
      else setResendAt(Date.now() + timing('otpResendWaitMs'));
      code.clear();
      setRefusal(null);
    } catch (error) {
      const message = errorMessage(error);
      if (message === STEP_UP_MESSAGES.otpResendExhausted) setExhausted(true);
      else {
        setResendError(message);
        if (message === STEP_UP_MESSAGES.otpResendWait) setResendAt(Date.now() + timing('otpResendWaitMs'));
      }
    } finally {
      setSending(false);
    }
  };

  /** A refusal stays up for otpErrorMs when the OTP was wrong; other refusals stay until the next try. */
  const refuse = (message: string, forMs?: number) => {
    window.clearTimeout(refusalTimer.current);
    setRefusal(message);
    if (forMs !== undefined) refusalTimer.current = window.setTimeout(() => setRefusal(null), forMs);
  };

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!relayId || !code.complete || submitting) return;
    setSubmitting(true);
    window.clearTimeout(refusalTimer.current);
    setRefusal(null);
    try {
      const verdict = await onSubmit(relayId, code.value);
      if (verdict === 'accepted') return;
      code.clear();
      if (verdict === 'invalid') refuse(invalidMessage, timing('otpErrorMs'));
      else if (verdict === 'expired') refuse(STEP_UP_MESSAGES.otpExpired);
      else refuse(verdict.message);
    } finally {
      setSubmitting(false);
    }
  };

  const typingProblem = codeProblem(code, { empty: STEP_UP_MESSAGES.otpEmpty, notNumeric: STEP_UP_MESSAGES.otpNotNumeric });
  const resendsLeft = OTP_RESEND_LIMIT - resendsUsed;

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label="Enter OTP">
      <Stack gap="md">
        {notice && (
          <Alert color="yellow" variant="light" role="status">
            {notice}
          </Alert>
        )}
        {sendError ? (
          <Alert color="red" variant="light" role="alert" title="The OTP could not be sent">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{sendError}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void send()} loading={sending}>
                Send OTP again
              </Button>
            </Stack>
          </Alert>
        ) : relayId ? (
          <Text fz="sm" c="gray.7">
            We have emailed a {OTP_LENGTH}-digit OTP to {email ? <strong>{email}</strong> : 'your email address'}. It is valid for 10 minutes.
          </Text>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              Sending an OTP to your email…
            </Text>
          </Group>
        )}
        <CodeInput
          code={code}
          label="Enter the OTP"
          digitLabel="OTP"
          error={refusal ?? typingProblem}
          disabled={submitting || !relayId}
          autoFocus
          oneTimeCode
        />
        <Stack gap={4}>
          {exhausted ? (
            <Text fz="sm" c="red.7" role="status">
              {STEP_UP_MESSAGES.otpResendExhausted}
            </Text>
          ) : (
            relayId && (
              <Group gap="xs" wrap="wrap">
                <Text fz="sm" c="dimmed">
                  Didn't get it?
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => void resend()}
                  disabled={waitLeft > 0 || sending}
                  aria-describedby={waitLeft > 0 ? waitId : undefined}
                >
                  Resend OTP
                </Button>
                {waitLeft > 0 ? (
                  <Text id={waitId} fz="sm" c="dimmed" role="timer" aria-live="off">
                    in {formatCountdown(waitLeft)}
                  </Text>
                ) : (
                  <Text fz="xs" c="dimmed">
                    {resendsLeft} {resendsLeft === 1 ? 'resend' : 'resends'} left
                  </Text>
                )}
              </Group>
            )
          )}
          {resendError && (
            <Text fz="sm" c="red.7" role="alert">
              {resendError}
            </Text>
          )}
        </Stack>
        {links}
        <Group justify="flex-end" gap="sm" className="step-up-buttons">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!code.complete || !relayId} loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
