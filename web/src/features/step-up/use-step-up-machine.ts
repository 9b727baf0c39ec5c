import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasZpin } from './api/get-zpin';
import { initialStepUpState, stepUpMachine, type StepUpEvent, type StepUpState } from './step-up-machine';

/**
 * Wrong ZPINs per organisation, kept across popups of this page load: the server counts them too
 * (and says so), this only lets the third one fall back to OTP even when the popup was reopened.
 */
const wrongZpinCounts = new Map<string, number>();

/**
 * The popup's state machine for one organisation: looks the ZPIN up as it opens, and keeps the
 * wrong-ZPIN count across popups. `send` answers the state it moved to, so a caller can read the
 * outcome of its own event at once (the refusal a ZPIN entry shows).
 */
export function useStepUpMachine(organisationId: string): [StepUpState, (event: StepUpEvent) => StepUpState] {
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => initialStepUpState(wrongZpinCounts.get(organisationId) ?? 0));
  const current = useRef(state);

  const send = useCallback(
    (event: StepUpEvent) => {
      const next = stepUpMachine(current.current, event);
      current.current = next;
      if (next.wrongZpins === 0) wrongZpinCounts.delete(organisationId);
      else wrongZpinCounts.set(organisationId, next.wrongZpins);
      setState(next);
      return next;
    },
    [organisationId],
  );

  useEffect(() => {
    let live = true;
    void hasZpin(queryClient, organisationId).then((exists) => {
      if (live) send({ type: 'zpin-looked-up', exists });
    });
    return () => {
      live = false;
    };
  }, [queryClient, organisationId, send]);

  return [state, send];
}
