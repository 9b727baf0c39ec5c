import { isBillable, RESPONSE_CODES, type ResponseCode } from '@verigate/catalog';

/**
 * How a provider-API call ends: the HTTP status, the response code (null for the refusals of the
 * seed 001 §8 authentication table and for the gateway's own refusals, which carry only a
 * message), the message and an optional result.
 */
export interface Outcome {
  httpStatus: number;
  responseCode: ResponseCode | null;
  message: string;
  result?: Record<string, unknown>;
  /** Already stored with the write that metered it (a sandbox answer and its test credit). */
  recorded?: boolean;
}

/** The authentication and authorisation refusals of seed 001 §8, in the order they are checked. */
export const REFUSALS = {
  appNotFound: { httpStatus: 401, message: 'app not found' },
  ipNotWhitelisted: { httpStatus: 403, message: 'ip not whitelisted' },
  keyInvalid: { httpStatus: 401, message: 'api key is invalid or disabled' },
  productNotSubscribed: { httpStatus: 403, message: 'product not subscribed by app' },
  actionDisallowed: { httpStatus: 403, message: 'action disallowed for the product' },
  orgNotFound: { httpStatus: 401, message: 'org not found' },
} as const;

/** The gateway's other refusals without a response code. */
export const GATEWAY_REFUSALS = {
  productNotFound: { httpStatus: 404, message: 'product not found' },
  creditsExhausted: { httpStatus: 403, message: 'test credits exhausted for this product' },
  bodyTooLarge: { httpStatus: 413, message: 'Request body is too large' },
  noActivePlan: { httpStatus: 403, message: 'no active plan for the organisation' },
  productNotInPlan: { httpStatus: 403, message: "product not priced in the organisation's plan" },
} as const;

export const TASK_ID_MESSAGE = 'task_id must be a UUIDv4';

export const refusal = ({ httpStatus, message }: { httpStatus: number; message: string }): Outcome => ({ httpStatus, responseCode: null, message });

/** An answer with a response code, its HTTP status from the seed's table, and its meaning unless told. */
export function coded(responseCode: ResponseCode, message?: string, result?: Record<string, unknown>): Outcome {
  return {
    httpStatus: RESPONSE_CODES[responseCode].httpStatus,
    responseCode,
    message: message ?? RESPONSE_CODES[responseCode].message,
    ...(result ? { result } : {}),
  };
}

/** 106 with the first broken rule: `result.errors` names the field and its message. */
export const invalidInput = (field: string, message: string, responseMessage?: string): Outcome =>
  coded(106, responseMessage, { errors: [{ field, message }] });

export interface ProviderEnvelope {
  request_id: string;
  group_id: string;
  task_id: string;
  success: boolean;
  response_code: ResponseCode | null;
  response_message: string;
  metadata: { billable: 'Y' | 'N' };
  result?: Record<string, unknown>;
}

/** The provider API's response envelope (seed 001 §3); `success` only for 100 Valid Authentication. */
export function envelope(ids: { requestId: string; groupId: string; taskId: string }, outcome: Outcome): ProviderEnvelope {
  return {
    request_id: ids.requestId,
    group_id: ids.groupId,
    task_id: ids.taskId,
    success: outcome.responseCode === 100,
    response_code: outcome.responseCode,
    response_message: outcome.message,
    metadata: { billable: isBillable(outcome.responseCode) ? 'Y' : 'N' },
    ...(outcome.result ? { result: outcome.result } : {}),
  };
}
