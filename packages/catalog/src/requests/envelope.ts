import { isBillable, type ResponseCode } from './response-codes.js';

/** The provider API's response envelope (seed 001 §3): every answer, refused or not, has this shape. */
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

/** What each envelope field means: the API reference's "Response fields" and its schemas. */
export const ENVELOPE_FIELDS = {
  request_id: 'The id of this call (UUID): the Search ID of Usage reports.',
  group_id: 'A new UUID for every call.',
  task_id:
    "The task_id you sent, lower-cased; a new one when you sent none, or when yours was refused for not being a UUIDv4 (106 'task_id must be a UUIDv4').",
  success: 'true only for 100 Valid Authentication.',
  response_code: 'The status code (see Status codes); null for a refusal that has none (see Authentication errors).',
  response_message: "The status code's meaning, or the refusal's message.",
  'metadata.billable': "'Y' when the call is billable (codes 100 to 103: the source answered about the subject), else 'N'.",
  result: "The answer: the product's record for 100 to 103, the first broken rule for 104 and 106 ({ errors: [{ field, message }] }), absent otherwise.",
} as const;

/** The envelope of an answer; `success` and `metadata.billable` follow from the code. */
export function providerEnvelope(
  ids: { requestId: string; groupId: string; taskId: string },
  responseCode: ResponseCode | null,
  message: string,
  result?: Record<string, unknown>,
): ProviderEnvelope {
  return {
    request_id: ids.requestId,
    group_id: ids.groupId,
    task_id: ids.taskId,
    success: responseCode === 100,
    response_code: responseCode,
    response_message: message,
    metadata: { billable: isBillable(responseCode) ? 'Y' : 'N' },
    ...(result ? { result } : {}),
  };
}
