import { Modal } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { currentOrganisationId } from '@/lib/api/get-organisation';
import { proofProblem, type ProofProblem, type StepUpProof } from '@/lib/api/step-up/proof';
import { StepUpFlow } from './step-up-flow';

export type { StepUpProof } from '@/lib/api/step-up/proof';

/** How a step-up ended: the action went through (with submit's answer), or the person cancelled. */
export type StepUpOutcome<T> = { status: 'done'; value: T } | { status: 'cancelled' };

interface StepUpRequest {
  id: number;
  purpose: string;
  submit: (proof: StepUpProof) => Promise<unknown>;
  resolve: (outcome: StepUpOutcome<unknown>) => void;
  reject: (error: unknown) => void;
}

export interface StepUp {
  /**
   * Opens the authentication popup for `purpose` (a phrase: 'enable the key “Prod”'). The popup
   * collects a ZPIN or OTP proof and calls `submit(proof)`, which sends the action with it.
   * - submit succeeds → the popup closes; resolves {status: 'done', value}.
   * - the server refuses the proof (wrong ZPIN, wrong or expired OTP...) → the popup stays open and says so.
   * - submit fails otherwise → the popup closes; rejects with that error (report it).
   * - the person cancels → resolves {status: 'cancelled'}.
   */
  verify: <T>(purpose: string, submit: (proof: StepUpProof) => Promise<T>) => Promise<StepUpOutcome<T>>;
  /** The popup: render it once in the screen that calls verify. */
  popup: ReactElement;
}

let nextId = 1;

/** Step-up (seed 000 §4, §6): a ZPIN or OTP proof for a sensitive change, sent with the change itself. */
export function useStepUp(): StepUp {
  const [request, setRequest] = useState<StepUpRequest | null>(null);
  const current = useRef<StepUpRequest | null>(null);

  const settle = useCallback(() => {
    current.current = null;
    setRequest(null);
  }, []);

  const verify = useCallback(
    <T,>(purpose: string, submit: (proof: StepUpProof) => Promise<T>) =>
      new Promise<StepUpOutcome<T>>((resolve, reject) => {
        // One popup at a time: a second request cancels the first.
        current.current?.resolve({ status: 'cancelled' });
        const next: StepUpRequest = {
          id: nextId++,
          purpose,
          submit,
          resolve: resolve as (outcome: StepUpOutcome<unknown>) => void,
          reject,
        };
        current.current = next;
        setRequest(next);
      }),
    [],
  );

  // Leaving the screen cancels a pending request.
  useEffect(() => () => current.current?.resolve({ status: 'cancelled' }), []);

  return { verify, popup: <StepUpPopup request={request} onSettled={settle} /> };
}

function StepUpPopup({ request, onSettled }: { request: StepUpRequest | null; onSettled: () => void }) {
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
