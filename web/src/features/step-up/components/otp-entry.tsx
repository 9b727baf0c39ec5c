import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { OTP_LENGTH, STEP_UP_MESSAGES, STORAGE_KEYS, type OtpPurpose } from '@verigate/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { storage } from '@/lib/storage';
import { timing } from '@/lib/timing';
import { resendsLeft, type OtpRelayState } from '@/features/step-up/otp-relay';
import type { OtpVerdict } from '@/features/step-up/step-up-machine';
import { useOtpRelay } from '@/features/step-up/use-otp-relay';
import { CodeInput, codeProblem, useCode } from './code-input';
import { formatCountdown, useCountdown } from '@/lib/use-countdown';
import { useTimedMessage } from './use-timed-message';

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
 * Mails an OTP as it opens, then takes the 6 digits. 'Resend OTP' is offered at most
 * OTP_RESEND_LIMIT times, each after a visible 30 s countdown.
 */
export function OtpEntry({ purpose, invalidMessage, submitLabel, onSubmit, notice, links, onCancel, onBusyChange }: OtpEntryProps) {
  const code = useCode(OTP_LENGTH);
  const relay = useOtpRelay(purpose);
  const refusal = useTimedMessage();
  const [submitting, setSubmitting] = useState(false);
  /** Why only a new code can pass now (expired, or used up by wrong attempts), until one is resent. */
  const [needsNewCode, setNeedsNewCode] = useState<string | null>(null);

  const busy = relay.sending || submitting;
  useEffect(() => {
    onBusyChange?.(busy);
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);

  const resend = async () => {
    if (!(await relay.resend())) return;
    code.clear();
    refusal.clear();
    setNeedsNewCode(null);
  };

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!relay.relayId || !code.complete || submitting) return;
    setSubmitting(true);
    refusal.clear();
    try {
      const verdict = await onSubmit(relay.relayId, code.value);
      if (verdict === 'accepted') return;
      code.clear();
      // A wrong OTP is said for otpErrorMs; other refusals stay until the next try.
      if (verdict === 'invalid') refusal.show(invalidMessage, timing('otpErrorMs'));
      else if ('needsNewCode' in verdict) setNeedsNewCode(verdict.needsNewCode);
      else refusal.show(verdict.message);
    } finally {
      setSubmitting(false);
    }
  };

  const typingProblem = codeProblem(code, { empty: STEP_UP_MESSAGES.otpEmpty, notNumeric: STEP_UP_MESSAGES.otpNotNumeric });

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label="Enter OTP">
      <Stack gap="md">
        {notice && (
          <Alert color="yellow" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <OtpDelivery relay={relay} onSendAgain={() => void relay.send()} />
        <CodeInput
          code={code}
          label="Enter the OTP"
          digitLabel="OTP"
          error={refusal.message ?? typingProblem}
          disabled={submitting || !relay.relayId || needsNewCode !== null}
          autoFocus
          oneTimeCode
        />
        {needsNewCode ? (
          <Alert color="red" variant="light" role="alert" title={needsNewCode}>
            <ResendOtp relay={relay} onResend={() => void resend()} prompt={null} />
          </Alert>
        ) : (
          <ResendOtp relay={relay} onResend={() => void resend()} prompt="Didn't get it?" />
        )}
        {links}
        <Group justify="flex-end" gap="sm" className="step-up-buttons">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!code.complete || !relay.relayId || needsNewCode !== null} loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Where the OTP went: being sent, sent to the signed-in email, or not sent (with Send OTP again). */
function OtpDelivery({ relay, onSendAgain }: { relay: OtpRelayState; onSendAgain: () => void }) {
  const email = storage.get(STORAGE_KEYS.email);
  if (relay.sendError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The OTP could not be sent">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{relay.sendError}</Text>
          <Button size="xs" variant="white" color="red" onClick={onSendAgain} loading={relay.sending}>
            Send OTP again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (relay.relayId) {
    return (
      <Text fz="sm" c="gray.7">
        We have emailed a {OTP_LENGTH}-digit OTP to {email ? <strong>{email}</strong> : 'your email address'}. It is valid for 10 minutes.
      </Text>
    );
  }
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text fz="sm" c="dimmed">
        Sending an OTP to your email…
      </Text>
    </Group>
  );
}

/** 'Resend OTP' after its countdown, the resends left, or the exhausted message; `prompt` leads the button. */
function ResendOtp({ relay, onResend, prompt }: { relay: OtpRelayState; onResend: () => void; prompt: string | null }) {
  const waitLeft = useCountdown(relay.resendAt);
  const waitId = useId();
  const left = resendsLeft(relay);

  return (
    <Stack gap={4}>
      {relay.exhausted ? (
        <Text fz="sm" c="red" role="status">
          {STEP_UP_MESSAGES.otpResendExhausted}
        </Text>
      ) : (
        relay.relayId && (
          <Group gap="xs" wrap="wrap">
            {prompt && (
              <Text fz="sm" c="dimmed">
                {prompt}
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onResend}
              disabled={waitLeft > 0 || relay.sending}
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
                {left} {left === 1 ? 'resend' : 'resends'} left
              </Text>
            )}
          </Group>
        )
      )}
      {relay.resendError && (
        <Text fz="sm" c="red" role="alert">
          {relay.resendError}
        </Text>
      )}
    </Stack>
  );
}
