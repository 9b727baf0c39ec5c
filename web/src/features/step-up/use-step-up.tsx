import type { StepUpProof } from '@verigate/contracts';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { StepUpPopup, type StepUpOutcome, type StepUpRequest } from './components/step-up-popup';

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
