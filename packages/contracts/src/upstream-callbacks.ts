import { z } from 'zod';

/**
 * The callback an upstream verification service makes when an asynchronous live verification
 * (a hosted flow: eSign signed, liveness result ready, DigiLocker consent given, …) completes:
 *
 *   POST /upstream-callbacks/{arn}      (outside /api, like the provider API)
 *
 * Signed by the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 of `{id}.{timestamp}.{raw body}`) with the shared secret
 * UPSTREAM_CALLBACK_SECRET; a timestamp more than 5 minutes from the server's clock is refused.
 * Answers `{data: UpstreamCallbackAnswer}` or the `{err}` envelope: 404 while the secret is unset,
 * 401 for a bad or stale signature, 400 for a malformed body, 404 for a call that is not a live
 * call of that product. A repeated callback answers the completion first recorded.
 */

/** How the verification ended for the customer. */
export const UPSTREAM_OUTCOMES = ['passed', 'failed'] as const;
export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];

/** The largest callback body accepted; a completion names a call and an outcome, nothing more. */
export const UPSTREAM_CALLBACK_BODY_LIMIT = 8 * 1024;

export const UPSTREAM_CALLBACK_MESSAGES = {
  disabled: 'Upstream callbacks are not enabled on this server',
  badSignature: 'The callback signature is missing, invalid or outside the 5-minute tolerance',
  malformed: 'The callback body must be a JSON object',
  requestId: 'The request_id must be the x-request-id the gateway sent with the call',
  taskId: 'The task_id must be the x-task-id the gateway sent with the call',
  outcome: `The outcome must be one of ${UPSTREAM_OUTCOMES.join(', ')}`,
  notAsynchronous: 'The product has no asynchronous completion',
  callNotFound: 'No live call of this product has that request_id',
} as const;

/**
 * The body. `request_id` names the call that started the flow: the task id alone cannot, as
 * each app chooses its own. `task_id`, when given, must be that call's. Fields beyond these are
 * ignored, so an upstream may send more than Verigate reads.
 */
export const upstreamCallback = z.object(
  {
    request_id: z.uuid({ error: UPSTREAM_CALLBACK_MESSAGES.requestId }),
    task_id: z.uuid({ error: UPSTREAM_CALLBACK_MESSAGES.taskId }).optional(),
    outcome: z.enum(UPSTREAM_OUTCOMES, { error: UPSTREAM_CALLBACK_MESSAGES.outcome }),
  },
  { error: UPSTREAM_CALLBACK_MESSAGES.malformed },
);
export type UpstreamCallback = z.output<typeof upstreamCallback>;

/** The completion as recorded (by this callback or an earlier one of the same call). */
export const upstreamCallbackAnswer = z.strictObject({
  request_id: z.string(),
  task_id: z.string(),
  outcome: z.enum(UPSTREAM_OUTCOMES),
  completed_at: z.string(),
});
export type UpstreamCallbackAnswer = z.infer<typeof upstreamCallbackAnswer>;

export const upstreamCallbackPath = (arn: string) => `/upstream-callbacks/${arn}`;
