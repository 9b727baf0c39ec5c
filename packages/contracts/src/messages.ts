/**
 * Messages the server sends and the portal shows or recognises. They live apart from the schemas:
 * the portal's first script imports them, and a module without schemas keeps zod out of it.
 */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';
/** A 503: the service cannot reach its database for now; the portal treats 503 as retryable (seed 000 §8). */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated';

export const ACTIVATION_MESSAGES = {
  requested: 'account_activation_requested',
  pending: 'account_activation_pending',
  requestedText: 'Complete your account activation process to proceed ahead.',
  submitted: 'Activation requested',
} as const;
