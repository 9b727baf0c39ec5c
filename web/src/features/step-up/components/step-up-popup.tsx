import { Modal } from '@mantine/core';
import type { StepUpProof } from '@verigate/contracts';
import { useState } from 'react';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { proofProblem, type ProofProblem } from '@/features/step-up/proof-problem';
import { StepUpFlow } from './step-up-flow';

/** How a step-up ended: the action went through (with submit's answer), or the person cancelled. */
export type StepUpOutcome<T> = { status: 'done'; value: T } | { status: 'cancelled' };

export interface StepUpRequest {
  id: number;
  purpose: string;
  submit: (proof: StepUpProof) => Promise<unknown>;
  resolve: (outcome: StepUpOutcome<unknown>) => void;
  reject: (error: unknown) => void;
}

/** The authentication popup around StepUpFlow: one request at a time, not closable mid-call. */
export function StepUpPopup({ request, onSettled }: { request: StepUpRequest | null; onSettled: () => void }) {
  const [busy, setBusy] = useState(false);
  // Keep the last request on screen while the popup fades out.
  const [shown, setShown] = useState<StepUpRequest | null>(request);
  if (request && request !== shown) setShown(request);

  const cancel = () => {
    if (!request || busy) return;
    request.resolve({ status: 'cancelled' });
    onSettled();
  };

  const attempt = async (proof: StepUpProof): Promise<ProofProblem | null> => {
    if (!request) return null;
    try {
      const value = await request.submit(proof);
      request.resolve({ status: 'done', value });
    } catch (error) {
      const problem = proofProblem(error);
      if (problem) return problem;
      request.reject(error);
    }
    setBusy(false);
    onSettled();
    return null;
  };

  return (
    <Modal
      opened={request !== null}
      onClose={cancel}
      title="Verify your identity"
      centered
      size="md"
      zIndex={300}
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      {shown && (
        <StepUpFlow
          key={shown.id}
          organisationId={currentOrganisationId() ?? ''}
          purpose={shown.purpose}
          attempt={attempt}
          onCancel={cancel}
          onBusyChange={setBusy}
        />
      )}
    </Modal>
  );
}
