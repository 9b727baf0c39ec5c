import type { ProductDefinition } from '@verigate/catalog';
import type { ProviderEnvelope, TrialAction } from '@verigate/contracts';
import { useRunTrial } from '@/features/trial/api/run-trial';
import { errorOutcome, type TrialOutcome } from '@/features/trial/components/response-panel';
import type { Payload } from '@/features/trial/form/form-model';

export interface FlowProps {
  product: ProductDefinition;
  onOutcome(outcome: TrialOutcome): void;
  onLoading(loading: boolean): void;
}

interface Handlers {
  /** Instead of showing the answer as it is. */
  onAnswer?(envelope: ProviderEnvelope): void;
  /** Instead of showing the failure's message. */
  onFailure?(error: unknown): void;
}

/**
 * A flow's trial calls: one at a time, the panel's loading state while one runs, its answer shown
 * as JSON and its failure as text unless the flow handles them itself.
 */
export function useTrialCall({ product, onOutcome, onLoading }: FlowProps) {
  const run = useRunTrial();
  const call = (action: TrialAction | undefined, payload: Payload, handlers: Handlers = {}) => {
    onLoading(true);
    run.mutate(
      { product, action, payload },
      {
        onSuccess: (envelope) => (handlers.onAnswer ? handlers.onAnswer(envelope) : onOutcome({ kind: 'answer', envelope })),
        onError: (error) => (handlers.onFailure ? handlers.onFailure(error) : onOutcome(errorOutcome(error))),
        onSettled: () => onLoading(false),
      },
    );
  };
  return {
    call,
    pending: run.isPending,
    /** Whether a call of `action` is running (its button shows the loading state). */
    running: (action: TrialAction | undefined) => run.isPending && run.variables?.action === action,
  };
}
