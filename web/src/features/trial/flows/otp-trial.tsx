import { Button, Group, Text } from '@mantine/core';
import { TRIAL_MESSAGES } from '@verigate/contracts';
import { useState } from 'react';
import { ConsentBox, FieldsRenderer } from '@/features/trial/form/fields-renderer';
import { valueAt } from '@/features/trial/form/form-model';
import { useTrialForm, type TrialForm } from '@/features/trial/form/use-trial-form';
import { productTiming } from '@/lib/timing';
import { formatCountdown, useCountdown } from '@/lib/use-countdown';
import { FormFrame, toggleLabels } from './form-frame';
import { useTrialCall, type FlowProps } from './use-trial-call';

/**
 * An OTP flow (seed 001 §4): mobile OTP request → verify, email request-test → submit-test. The
 * OTP field appears once the answer says it was sent (otp_sent / is_otp_sent); 'Resend Otp' is then
 * locked for the product's time (60 s email, 30 s mobile). Changing what the OTP was sent to hides
 * it again and disables the run.
 */
export function OtpTrial(props: FlowProps) {
  const { product, onOutcome } = props;
  const [request, verify] = [product.operations[0]!, product.operations[1]!];
  const sendForm = useTrialForm(product, request);
  const verifyForm = useTrialForm(product, verify, { consent: sendForm.state.consent });
  const trial = useTrialCall(props);
  const [sent, setSent] = useState<{ requestId: string; at: number } | null>(null);
  const lockMs = productTiming('trialResendLockMs', (product.flow?.resendLockSeconds ?? 30) * 1000);
  const locked = useCountdown(sent ? sent.at + lockMs : null);
  const toggles = toggleLabels(product);

  const editing: TrialForm = {
    ...sendForm,
    setValue: (path, value) => {
      setSent(null);
      sendForm.setValue(path, value);
    },
  };

  const send = () => {
    if (trial.pending || !sendForm.check()) return;
    const failed = () => {
      setSent(null);
      onOutcome({ kind: 'error', message: TRIAL_MESSAGES.otpSendFailed });
    };
    trial.call(request.action, sendForm.payload(), {
      onAnswer: (envelope) => {
        const requestId = valueAt(envelope, request.requestIdAt);
        if (valueAt(envelope, `result.${product.flow?.otpSentFlag}`) !== true || typeof requestId !== 'string') return failed();
        onOutcome({ kind: 'answer', envelope });
        setSent({ requestId, at: Date.now() });
      },
      onFailure: failed,
    });
  };

  const submitOtp = () => {
    if (!sent || trial.pending || !verifyForm.check(sent.requestId)) return;
    trial.call(verify.action, verifyForm.payload(sent.requestId));
  };

  return (
    <FormFrame product={product} onSubmit={sent ? submitOtp : send}>
      <FieldsRenderer form={editing} fields={request.fields} prefix="" disabled={trial.pending} toggles={toggles} />
      {sent && <FieldsRenderer form={verifyForm} fields={verify.fields} prefix="" disabled={trial.pending} toggles={toggles} />}
      <ConsentBox form={sendForm} disabled={trial.pending} />
      <Group gap="sm" mt="xs">
        <Button variant={sent ? 'light' : 'filled'} onClick={send} loading={trial.running(request.action)} disabled={locked > 0}>
          {sent ? TRIAL_MESSAGES.resendOtp : 'Send Otp'}
        </Button>
        <Button type="submit" disabled={!sent} loading={trial.running(verify.action)}>
          Run Verification
        </Button>
      </Group>
      {sent && locked > 0 && (
        <Text fz="xs" c="dimmed" aria-live="polite">
          You can resend the OTP in {formatCountdown(locked)}
        </Text>
      )}
    </FormFrame>
  );
}
