import { ACTIVATION_MESSAGES, DEFAULT_ERROR_MESSAGE } from '@verigate/contracts';
import { activationPopup } from './activation-popup';
import { showError } from './toast';

/**
 * The two special server messages of seed §8 (000 and 001):
 * - account_activation_requested → the toast 'Complete your account activation process to proceed ahead.'
 * - account_activation_pending → the account activation popup.
 */
export type ActivationSignal = 'requested' | 'pending';

export function activationSignal(error: unknown): ActivationSignal | null {
  if (!(error instanceof Error)) return null;
  if (error.message === ACTIVATION_MESSAGES.requested) return 'requested';
  if (error.message === ACTIVATION_MESSAGES.pending) return 'pending';
  return null;
}

/** What a person reads for a failed call: the server's message, or the seed's text for the special ones. */
export function errorMessage(error: unknown): string {
  switch (activationSignal(error)) {
    case 'requested':
      return ACTIVATION_MESSAGES.requestedText;
    case 'pending':
      return 'Activate your account to proceed ahead.';
    default:
      return error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
  }
}

/**
 * Wired into the QueryClient's query and mutation caches (app/providers.tsx), so every call that
 * answers with one of the special messages gets the same treatment without per-call code.
 */
export function handleServerMessage(error: unknown): void {
  const signal = activationSignal(error);
  if (signal === 'requested') {
    showError(ACTIVATION_MESSAGES.requestedText);
  } else if (signal === 'pending') {
    activationPopup.open();
  }
}

/**
 * The toast for a failed call made from a screen. The special messages are left to the global
 * handler, which has already shown their toast or popup.
 */
export function reportError(error: unknown): void {
  if (activationSignal(error)) return;
  showError(errorMessage(error));
}
