import { type ProviderEnvelope, providerEnvelope, type Refusal, RESPONSE_CODES, type ResponseCode } from '@verigate/catalog';
import { UNAVAILABLE_MESSAGE } from '@verigate/contracts';

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

export const refusal = ({ httpStatus, message }: Refusal): Outcome => ({ httpStatus, responseCode: null, message });

/** The database cannot be reached: 111 with a 503, so the client knows a retry may succeed. */
export const UNAVAILABLE: Outcome = { ...coded(111, UNAVAILABLE_MESSAGE), httpStatus: 503 };

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

/** The provider API's response envelope (seed 001 §3); `success` only for 100 Valid Authentication. */
export const envelope = (ids: { requestId: string; groupId: string; taskId: string }, outcome: Outcome): ProviderEnvelope =>
  providerEnvelope(ids, outcome.responseCode, outcome.message, outcome.result);
