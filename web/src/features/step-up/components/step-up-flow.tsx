import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { STEP_UP_MESSAGES, type StepUpProof } from '@verigate/contracts';
import { useCallback } from 'react';
import { errorMessage } from '@/lib/server-messages';
import { createZpin } from '@/features/step-up/api/create-zpin';
import { zpinQuery, type ZpinStatus } from '@/features/step-up/api/get-zpin';
import { updateZpin } from '@/features/step-up/api/update-zpin';
import { proofProblem, type ProofProblem } from '@/features/step-up/proof-problem';
import { otpVerdict, type OtpVerdict, type StepUpStage, type ZpinMode } from '@/features/step-up/step-up-machine';
import { useStepUpMachine } from '@/features/step-up/use-step-up-machine';
import { CreateZpinOffer } from './create-zpin-offer';
import { OtpEntry } from './otp-entry';
import { ZpinChoice, ZpinSaved } from './zpin-creation';
import { ZpinEntry } from './zpin-entry';

const STAGE_HEADINGS: Record<StepUpStage['name'], (stage: StepUpStage) => string> = {
  checking: () => 'Verification',
  zpin: () => 'ZPIN verification',
  otp: () => 'OTP verification',
  choose: (stage) => (stage.name === 'choose' && stage.mode === 'update' ? 'Reset ZPIN' : 'Create ZPIN'),
  'confirm-otp': () => 'Confirm with OTP',
  saved: () => 'ZPIN saved',
};

interface StepUpFlowProps {
  organisationId: string;
  /** What the proof is for ('enable the key “Prod”'). */
  purpose: string;
  /**
   * Sends the action with the proof. Answers the proof problem when the server refused the proof
   * (the popup stays open), or null once the request is settled (done, or failed otherwise).
   */
  attempt: (proof: StepUpProof) => Promise<ProofProblem | null>;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}

function LinkButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Group gap="xs">
      <Anchor component="button" type="button" fz="sm" fw={600} onClick={onClick}>
        {children}
      </Anchor>
    </Group>
  );
}

/**
 * The authentication popup's content (seed 000 §4): ZPIN entry first when the organisation has a
 * ZPIN (Forgot ZPIN, Use OTP, Cancel), else OTP entry with a Create ZPIN box; the third wrong ZPIN
 * falls back to OTP; creating or resetting a ZPIN returns to the ZPIN entry. The transitions are
 * step-up-machine.ts; this component sends the requests and renders the stage.
 */
export function StepUpFlow({ organisationId, purpose, attempt, onCancel, onBusyChange }: StepUpFlowProps) {
  const queryClient = useQueryClient();
  const [state, send] = useStepUpMachine(organisationId);
  const { stage } = state;

  const submitZpin = async (zpin: string): Promise<string | null> => {
    const problem = await attempt({ orgId: organisationId, zpin });
    const next = send(problem ? { type: 'zpin-refused', problem } : { type: 'proof-accepted' });
    return next.stage.name === 'zpin' ? next.stage.refusal : null;
  };

  const submitOtp = async (relayId: string, otp: string): Promise<OtpVerdict> => {
    const problem = await attempt({ relayId, otp });
    if (!problem) {
      send({ type: 'proof-accepted' });
      return 'accepted';
    }
    return otpVerdict(problem, STEP_UP_MESSAGES.stepUpRequired);
  };

  const saveZpin = async (mode: ZpinMode, zpin: string, relayId: string, otp: string): Promise<OtpVerdict> => {
    try {
      if (mode === 'create') await createZpin({ zpin, orgId: organisationId, relayId, otp });
      else await updateZpin(organisationId, { zpin, relayId, otp });
    } catch (error) {
      return otpVerdict(proofProblem(error), errorMessage(error));
    }
    const saved: ZpinStatus = { updatedAt: Date.now() };
    queryClient.setQueryData(zpinQuery(organisationId).queryKey, saved);
    send({ type: 'zpin-saved' });
    return 'accepted';
  };

  const onSavedShown = useCallback(() => send({ type: 'saved-shown' }), [send]);

  return (
    <Stack gap="md">
      <Text fz="sm" c="gray.7">
        To {purpose}, confirm it is you.
      </Text>
      <Title order={3} fz="md">
        {STAGE_HEADINGS[stage.name](stage)}
      </Title>

      {stage.name === 'checking' && (
        <Group gap="xs" role="status" py="md">
          <Loader size="sm" />
          <Text fz="sm" c="dimmed">
            Checking your verification options…
          </Text>
        </Group>
      )}

      {stage.name === 'zpin' && (
        <ZpinEntry
          onSubmit={submitZpin}
          onForgot={() => send({ type: 'choose-zpin', mode: 'update' })}
          onUseOtp={() => send({ type: 'use-otp' })}
          onCancel={onCancel}
          onBusyChange={onBusyChange}
        />
      )}

      {stage.name === 'otp' && (
        <>
          <OtpEntry
            purpose="step_up"
            invalidMessage={STEP_UP_MESSAGES.otpInvalid}
            submitLabel="Verify"
            onSubmit={submitOtp}
            notice={stage.notice ?? undefined}
            onBusyChange={onBusyChange}
            onCancel={onCancel}
            links={
              state.zpinExists &&
              (state.locked ? (
                <LinkButton onClick={() => send({ type: 'choose-zpin', mode: 'update' })}>Forgot ZPIN</LinkButton>
              ) : (
                <LinkButton onClick={() => send({ type: 'use-zpin' })}>Use ZPIN</LinkButton>
              ))
            }
          />
          {!state.zpinExists && <CreateZpinOffer onCreate={() => send({ type: 'choose-zpin', mode: 'create' })} />}
        </>
      )}

      {stage.name === 'choose' && (
        <ZpinChoice mode={stage.mode} onChosen={(zpin) => send({ type: 'zpin-chosen', zpin })} onBack={() => send({ type: 'back' })} onCancel={onCancel} />
      )}

      {stage.name === 'confirm-otp' && (
        <OtpEntry
          key={`${stage.mode}-${stage.zpin}`}
          purpose={stage.mode === 'create' ? 'zpin_create' : 'zpin_update'}
          invalidMessage={STEP_UP_MESSAGES.otpInvalidCreation}
          submitLabel={stage.mode === 'create' ? 'Create ZPIN' : 'Update ZPIN'}
          onSubmit={(relayId, otp) => saveZpin(stage.mode, stage.zpin, relayId, otp)}
          onBusyChange={onBusyChange}
          onCancel={onCancel}
          links={<LinkButton onClick={() => send({ type: 'back' })}>Back</LinkButton>}
        />
      )}

      {stage.name === 'saved' && <ZpinSaved mode={stage.mode} onDone={onSavedShown} />}
    </Stack>
  );
}
