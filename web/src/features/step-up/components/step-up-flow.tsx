import { Anchor, Badge, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { STEP_UP_MESSAGES, WRONG_ZPIN_LIMIT } from '@verigate/contracts';
import { useCallback, useEffect, useState } from 'react';
import { createZpin } from '@/lib/api/step-up/create-zpin';
import { hasZpin as lookUpZpin, zpinQuery, type ZpinStatus } from '@/lib/api/step-up/get-zpin';
import { proofProblem, type ProofProblem, type StepUpProof } from '@/lib/api/step-up/proof';
import { updateZpin } from '@/lib/api/step-up/update-zpin';
import { errorMessage } from '@/lib/server-messages';
import { OtpEntry, type OtpVerdict } from './otp-entry';
import { ZpinEntry } from './zpin-entry';
import { ZpinChoice, ZpinSaved, type ZpinMode } from './zpin-creation';

type Stage =
  | { name: 'checking' }
  | { name: 'zpin' }
  | { name: 'otp'; notice?: string }
  | { name: 'choose'; mode: ZpinMode; back: 'zpin' | 'otp' }
  | { name: 'confirm-otp'; mode: ZpinMode; zpin: string; back: 'zpin' | 'otp' }
  | { name: 'saved'; mode: ZpinMode };

const PROBLEM_MESSAGES: Record<ProofProblem['kind'], string> = {
  'zpin-invalid': STEP_UP_MESSAGES.zpinInvalid,
  'zpin-locked': STEP_UP_MESSAGES.zpinLocked,
  'zpin-missing': STEP_UP_MESSAGES.zpinMissing,
  'otp-invalid': STEP_UP_MESSAGES.otpInvalid,
  'otp-expired': STEP_UP_MESSAGES.otpExpired,
  'proof-required': STEP_UP_MESSAGES.stepUpRequired,
};

/**
 * Wrong ZPINs per organisation, kept across popups of this page load: the server counts them too
 * (and says so), this only lets the third one fall back to OTP even when the popup was reopened.
 */
const wrongZpinCounts = new Map<string, number>();

const STAGE_HEADINGS: Record<Stage['name'], (stage: Stage) => string> = {
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

/**
 * The authentication popup's content (seed 000 §4): ZPIN entry first when the organisation has a
 * ZPIN (Forgot ZPIN, Use OTP, Cancel), else OTP entry with a Create ZPIN box; the third wrong ZPIN
 * falls back to OTP; creating or resetting a ZPIN returns to the ZPIN entry.
 */
export function StepUpFlow({ organisationId, purpose, attempt, onCancel, onBusyChange }: StepUpFlowProps) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'checking' });
  const [zpinExists, setZpinExists] = useState(false);
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    let live = true;
    void lookUpZpin(queryClient, organisationId).then((exists) => {
      if (!live) return;
      setZpinExists(exists);
      if (!exists) setStage({ name: 'otp' });
      else if ((wrongZpinCounts.get(organisationId) ?? 0) >= WRONG_ZPIN_LIMIT) {
        // Still locked from an earlier popup: straight to OTP.
        setLocked(true);
        setStage({ name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked });
      } else setStage({ name: 'zpin' });
    });
    return () => {
      live = false;
    };
  }, [queryClient, organisationId]);

  const fallBackToOtp = () => {
    setLocked(true);
    setStage({ name: 'otp', notice: STEP_UP_MESSAGES.zpinLocked });
  };

  const submitZpin = async (zpin: string): Promise<string | null> => {
    const problem = await attempt({ orgId: organisationId, zpin });
    if (!problem) {
      wrongZpinCounts.delete(organisationId);
      return null;
    }
    switch (problem.kind) {
      case 'zpin-invalid': {
        const wrong = (wrongZpinCounts.get(organisationId) ?? 0) + 1;
        wrongZpinCounts.set(organisationId, wrong);
        if (wrong >= WRONG_ZPIN_LIMIT || problem.attemptsLeft === 0) {
          fallBackToOtp();
          return null;
        }
        return STEP_UP_MESSAGES.zpinInvalid;
      }
      case 'zpin-locked':
        fallBackToOtp();
        return null;
      case 'zpin-missing':
        setZpinExists(false);
        setStage({ name: 'otp' });
        return null;
      default:
        return PROBLEM_MESSAGES[problem.kind];
    }
  };

  const submitOtp = async (relayId: string, otp: string): Promise<OtpVerdict> => {
    const problem = await attempt({ relayId, otp });
    if (!problem) {
      // An accepted OTP lifts the server's ZPIN lock.
      wrongZpinCounts.delete(organisationId);
      return 'accepted';
    }
    if (problem.kind === 'otp-invalid') return 'invalid';
    if (problem.kind === 'otp-expired') return 'expired';
    return { message: PROBLEM_MESSAGES[problem.kind] };
  };

  const saveZpin = async (mode: ZpinMode, zpin: string, relayId: string, otp: string): Promise<OtpVerdict> => {
    try {
      if (mode === 'create') await createZpin({ zpin, orgId: organisationId, relayId, otp });
      else await updateZpin(organisationId, { zpin, relayId, otp });
    } catch (error) {
      const problem = proofProblem(error);
      if (problem?.kind === 'otp-invalid') return 'invalid';
      if (problem?.kind === 'otp-expired') return 'expired';
      return { message: errorMessage(error) };
    }
    const saved: ZpinStatus = { updatedAt: Date.now() };
    queryClient.setQueryData(zpinQuery(organisationId).queryKey, saved);
    setZpinExists(true);
    setLocked(false);
    wrongZpinCounts.delete(organisationId);
    setStage({ name: 'saved', mode });
    return 'accepted';
  };

  const backToZpinEntry = useCallback(() => setStage({ name: 'zpin' }), []);
  const choose = (mode: ZpinMode, back: 'zpin' | 'otp') => setStage({ name: 'choose', mode, back });
  const returnTo = (back: 'zpin' | 'otp') => setStage(back === 'zpin' ? { name: 'zpin' } : { name: 'otp' });

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
          onForgot={() => choose('update', 'zpin')}
          onUseOtp={() => setStage({ name: 'otp' })}
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
            notice={stage.notice}
            onBusyChange={onBusyChange}
            onCancel={onCancel}
            links={
              zpinExists && (
                <Group gap="xs">
                  {locked ? (
                    <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => choose('update', 'otp')}>
                      Forgot ZPIN
                    </Anchor>
                  ) : (
                    <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => setStage({ name: 'zpin' })}>
                      Use ZPIN
                    </Anchor>
                  )}
                </Group>
              )
            }
          />
          {!zpinExists && (
            <>
              <Divider label="or" labelPosition="center" />
              <Paper p="md" radius="md" className="step-up-new-box" component="section" aria-label="Create ZPIN">
                <Stack gap="xs" align="flex-start">
                  <Group gap="xs">
                    <Badge color="brand" variant="filled" size="sm" radius="sm" tt="none">
                      New
                    </Badge>
                    <Text fw={700} fz="sm">
                      Verify faster with a ZPIN
                    </Text>
                  </Group>
                  <Text fz="sm" c="gray.7">
                    Set a 4-digit ZPIN for your organisation and confirm sensitive changes without waiting for an email.
                  </Text>
                  <Button size="sm" variant="light" onClick={() => choose('create', 'otp')}>
                    Create ZPIN
                  </Button>
                </Stack>
              </Paper>
            </>
          )}
        </>
      )}

      {stage.name === 'choose' && (
        <ZpinChoice
          mode={stage.mode}
          onChosen={(zpin) => setStage({ ...stage, name: 'confirm-otp', zpin })}
          onBack={() => returnTo(stage.back)}
          onCancel={onCancel}
        />
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
          links={
            <Group gap="xs">
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => setStage({ name: 'choose', mode: stage.mode, back: stage.back })}>
                Back
              </Anchor>
            </Group>
          }
        />
      )}

      {stage.name === 'saved' && <ZpinSaved mode={stage.mode} onDone={backToZpinEntry} />}
    </Stack>
  );
}
